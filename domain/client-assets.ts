// What the client build produced, as the server reads it from the build
// (api/http/static-assets.ts) and hands it to the server renderer (src/entry-server.tsx): the
// contract between the two, which may not import each other.

/** The client entry: its script, its CSS, and the chunks it imports. */
export interface ClientAssets {
  entryScript: string;
  css: string[];
  preloads: string[];
  /** Per router route id, the code-split chunks (and their CSS) to preload when it renders. */
  routes: Record<string, { preloads: string[]; css: string[] }>;
}
