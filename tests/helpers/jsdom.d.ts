// jsdom ships no types and @types/jsdom is not installed; the tests use only this much of it.
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string, options?: Record<string, unknown>);
    readonly window: Window & typeof globalThis;
  }
}
