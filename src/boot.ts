/**
 * The one inline script of a page's <head> (written by the server). The page is complete HTML
 * with its CSS inline, so nothing else waits for the network before the first paint:
 *
 * - Scripts start after the first contentful paint, so they never take bandwidth or the main
 *   thread from it; then every module the page hydrates with is requested at once (no import
 *   waterfall), the entry's imports are evaluated one task each, and the entry is imported. A
 *   page opened in a background tab paints nothing: it starts at once.
 * - Inter is used only where switching it on moves nothing (src/styles/fonts.css): a browser
 *   that has fetched it before (it is in its cache) switches it on (`fonts-ready`) before the
 *   first paint. Otherwise the page paints in the metric-matched fallback, the fonts are fetched
 *   after the first paint, and Inter comes in with the first navigation, when the page changes
 *   anyway (src/entry-client.tsx); a swap under the visitor's eyes would reflow some lines.
 *
 * Runs as it is written here: no imports, no closures (it is serialised with toString()).
 */
function boot(modules: string[], staged: string[], entry: string): void {
  const root = document.documentElement;
  // Input that reaches a part of the page React has not hydrated yet (a quick visitor: the first
  // paint comes before the code on purpose) is held, not lost. A click or a form's submit waits
  // here, in order, and is given again once its element is React's (it has a fiber) and the page
  // has hydrated (the root route calls __releaseEarlyInput); text typed meanwhile stays on screen
  // and is handed to React's state then. Links need no code (they navigate as they are); plain
  // HTML React keeps as it is (dangerouslySetInnerHTML: static and idle islands) is its owner's.
  type Held = [type: string, target: Element, since: number, value?: string];
  const held: Held[] = [];
  let ready = false;
  // what the queue gives again goes straight to the page (a click given again from inside its own
  // dispatch would be ignored by the browser)
  let replaying = false;
  const own = (node: Element, prefix: string) =>
    Object.keys(node).find((key) => key.startsWith(prefix));
  const live = (node: Element): boolean => {
    if (!ready) return false;
    if (own(node, '__reactFiber$')) return true;
    for (let up = node.parentElement; up; up = up.parentElement) {
      const props = own(up, '__reactProps$');
      if (props)
        return !!(up as unknown as Record<string, { dangerouslySetInnerHTML?: unknown }>)[props]
          ?.dangerouslySetInnerHTML;
    }
    return false;
  };
  const field = (node: Element) =>
    node.closest('input, textarea, select') as HTMLInputElement | HTMLTextAreaElement | null;
  const hold = (event: Event) => {
    const target = event.target;
    if (replaying || !(target instanceof Element) || (!held.length && live(target))) return;
    if (event.type === 'input') {
      const value = (target as HTMLSelectElement).value;
      const last = held.at(-1);
      if (last?.[1] === target) last[3] = value;
      else held.push([event.type, target, Date.now(), value]);
      return;
    }
    if (event.type === 'click') {
      if (target.closest('a[href]')) return;
      const input = field(target);
      if (input && !/^(checkbox|radio|submit|button|image|reset)$/.test(input.type)) return;
    }
    event.preventDefault();
    event.stopImmediatePropagation();
    held.push([event.type, target, Date.now()]);
    flush();
  };
  // React keeps typed text on screen while it hydrates, but its state has the server's value: the
  // field is set to that through React's value tracker, the text put in again past it and
  // announced, so React sees a change.
  // A select is set back to the visitor's choice by hydration itself: chosen again and announced.
  const handOver = (input: Element, value: string) => {
    if (input instanceof HTMLSelectElement) {
      input.value = value;
      input.dispatchEvent(new Event('change', { bubbles: true }));
      return;
    }
    const text = input as HTMLInputElement;
    // (the stored text: an earlier field's change re-renders the form, which empties this one)
    if (value === text.defaultValue || /^(checkbox|radio|file)$/.test(text.type)) return;
    text.value = text.defaultValue;
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(text), 'value')?.set?.call(text, value);
    text.dispatchEvent(new Event('input', { bubbles: true }));
  };
  let waiting = false;
  const flush = () => {
    while (held.length) {
      const [type, target, since, value] = held[0]!;
      // gone from the page, or never hydrated (its code failed): given up
      if (target.isConnected && !live(target) && Date.now() - since < 20_000) {
        if (!waiting) {
          waiting = true;
          setTimeout(() => ((waiting = false), flush()), 50);
        }
        return;
      }
      held.shift();
      if (!target.isConnected || !live(target)) continue;
      replaying = true;
      try {
        if (type === 'input') handOver(target, value!);
        else if (type === 'submit') (target as HTMLFormElement).requestSubmit();
        else (target as HTMLElement).click();
      } finally {
        replaying = false;
      }
    }
  };
  for (const type of ['click', 'submit', 'input']) document.addEventListener(type, hold, true);
  (window as unknown as { __releaseEarlyInput?: () => void }).__releaseEarlyInput = () => {
    ready = true;
    root.dataset.hydrated = '';
    flush();
  };
  const FONTS = 'fonts-ready';
  let seen = false;
  try {
    seen = localStorage.getItem(FONTS) === '1';
  } catch {
    // storage disabled: fetch the fonts after the first paint
  }
  if (seen) root.classList.add(FONTS);
  const later = (run: () => void) => setTimeout(run, 0);
  // The entry's own imports (React, the router) first, each evaluated in a task of its own, then
  // the entry: no single long task before the page hydrates.
  const evaluate = (index: number): void => {
    if (index >= staged.length) return void import(entry);
    import(staged[index]!).then(
      () => later(() => evaluate(index + 1)),
      () => evaluate(staged.length),
    );
  };
  // The module preloads in a few insertions of PRELOADS_PER_TASK links, one task each: every link
  // starts a request, about half a millisecond of the main thread each (the order page has 30),
  // so one insertion of all of them was a long task of its own. The entry's own imports come
  // first, so React and the router are on their way with the first insertion.
  const PRELOADS_PER_TASK = 8;
  const preload = (from: number): void => {
    const links = document.createDocumentFragment();
    for (const href of modules.slice(from, from + PRELOADS_PER_TASK)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      links.appendChild(link);
    }
    document.head.appendChild(links);
    if (from + PRELOADS_PER_TASK < modules.length) later(() => preload(from + PRELOADS_PER_TASK));
  };
  const start = () => {
    preload(0);
    later(() => evaluate(0));
    if (!seen)
      void Promise.all(
        ['400', '600', '700'].map((weight) => document.fonts.load(`${weight} 1em Inter`)),
      )
        .then(() => {
          try {
            localStorage.setItem(FONTS, '1');
          } catch {
            // the next page fetches them after its first paint again
          }
        })
        .catch(() => undefined);
  };
  let started = false;
  const go = () => {
    if (started) return;
    started = true;
    start();
  };
  // After the first contentful paint (a first frame may still be empty); a hidden tab paints
  // nothing, a browser without paint timing starts a frame after the document is parsed.
  if (document.hidden) return go();
  try {
    new PerformanceObserver((list, observer) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      setTimeout(go, 0);
    }).observe({ type: 'paint', buffered: true });
    setTimeout(go, 3000);
  } catch {
    document.addEventListener('DOMContentLoaded', () =>
      requestAnimationFrame(() => setTimeout(go, 0)),
    );
  }
}

export function bootScript(options: {
  nonce: string;
  entry: string;
  /** Every module the page hydrates with. */
  modules: string[];
  /** The entry's static imports, evaluated one by one before it. */
  staged: string[];
}): string {
  const args = JSON.stringify([options.modules, options.staged, options.entry]).slice(1, -1);
  return `<script nonce="${options.nonce}">(${boot.toString()})(${scriptSafe(args)})</script>`;
}

/** JSON text that cannot end the <script> element it is written into. */
export function scriptSafe(json: string): string {
  return json.replace(/</g, '\\u003c');
}
