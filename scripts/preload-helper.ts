// The client build's `__vitePreload` (issue 18): Vite wraps every dynamic import in it, so its
// helper is in every page's entry (0.6 KB gzipped). With `build.modulePreload: false` its only
// work left is the stylesheets a lazily loaded chunk imports (`deps` then lists only `.css`
// files), which this does in a few lines: a `<link rel="stylesheet">` per file, once, the chunk
// imported when they are in. A failed stylesheet or chunk is reported as Vite's helper does, with
// a cancelable `vite:preloadError` event on window before it is thrown.
import type { Plugin } from 'vite';

const HELPER_ID = '\0vite/preload-helper.js';

export const PRELOAD_HELPER = `const seen = {};
const failed = (error) => {
  const event = new Event('vite:preloadError', { cancelable: true });
  event.payload = error;
  window.dispatchEvent(event);
  if (!event.defaultPrevented) throw error;
};
const stylesheet = (href) =>
  (seen[href] ??= document.querySelector('link[rel=stylesheet][href="' + href + '"]')
    ? Promise.resolve()
    : new Promise((resolve, reject) => {
        const link = document.createElement('link');
        link.rel = 'stylesheet';
        link.href = href;
        link.onload = resolve;
        link.onerror = () => {
          delete seen[href];
          reject(new Error('Unable to preload CSS for ' + href));
        };
        document.head.appendChild(link);
      }));
export const __vitePreload = (load, deps) =>
  Promise.all((deps || []).map((dep) => stylesheet('/' + dep).catch(failed))).then(() =>
    load().catch(failed),
  );
`;

export function preloadHelper(): Plugin {
  return {
    name: 'small-preload-helper',
    apply: (config, env) =>
      env.command === 'build' && !env.isSsrBuild && config.build?.modulePreload === false,
    transform: {
      filter: { id: /^\0vite\/preload-helper\.js$/ },
      handler(_code, id) {
        if (id !== HELPER_ID) return;
        return { code: PRELOAD_HELPER, map: null };
      },
    },
  };
}
