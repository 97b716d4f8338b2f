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
  // Input that comes before the page has hydrated (a quick visitor; the first paint comes before
  // the code on purpose) is held, not lost: a button's click or a form's submit waits here and
  // is given again once React has hydrated (releaseEarlyInput); text typed meanwhile stays on
  // screen and is handed to React then. A link needs no code: it navigates as it is.
  const held: Array<[string, Element]> = [];
  const hold = (event: Event) => {
    const target = event.target;
    if (!(target instanceof Element)) return;
    if (event.type === 'click') {
      if (target.closest('a[href]')) return;
      const field = target.closest('input, textarea, select');
      if (
        field &&
        !/^(checkbox|radio|submit|button|image|reset)$/.test((field as HTMLInputElement).type)
      )
        return;
    }
    event.preventDefault();
    event.stopImmediatePropagation();
    held.push([event.type, target]);
  };
  document.addEventListener('click', hold, true);
  document.addEventListener('submit', hold, true);
  (window as unknown as { __releaseEarlyInput?: () => void }).__releaseEarlyInput = () => {
    document.removeEventListener('click', hold, true);
    document.removeEventListener('submit', hold, true);
    delete (window as unknown as { __releaseEarlyInput?: () => void }).__releaseEarlyInput;
    // React keeps typed text on screen while hydrating, but its state has the server's value: set
    // the field back through React's value tracker, put the text in again past it, and announce
    // it as input, so the field's onChange sees it.
    for (const field of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
      'input, textarea',
    )) {
      if (/^(checkbox|radio|file|hidden|submit|button|image|reset)$/.test(field.type)) continue;
      if (field.value === field.defaultValue) continue;
      const typed = field.value;
      field.value = field.defaultValue;
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(
        field,
        typed,
      );
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
    for (const [type, target] of held)
      if (!target.isConnected) continue;
      else if (type === 'submit') (target as HTMLFormElement).requestSubmit();
      else (target as HTMLElement).click();
    root.dataset.hydrated = '';
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
  const start = () => {
    for (const href of modules) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      document.head.appendChild(link);
    }
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
