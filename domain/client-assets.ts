// What the client build produced, as the server reads it from the build
// (api/http/static-assets.ts) and hands it to the server renderer (src/entry-server.tsx): the
// contract between the two, which may not import each other.

import type { Lang } from './language.ts';

export interface ClientAssets {
  entryScript: string;
  css: string[];
  preloads: string[];
  /**
   * Per router route id: the code-split chunks (and their CSS) to preload when it renders, and
   * the message groups those chunks show.
   */
  routes: Record<string, { preloads: string[]; css: string[]; groups: string[] }>;
  /** The text of every stylesheet of the build by its path: pages carry their CSS inline. */
  styles: Record<string, string>;
  /** The message group of the entry's code (every page shows it). */
  entryGroup: string;
  /** Every message group's precompiled messages, per language (scripts/message-groups.ts). */
  messages: Record<Lang, Record<string, Record<string, unknown>>>;
}
