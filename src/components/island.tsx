import { useRouter } from '@tanstack/react-router';
import {
  Suspense,
  lazy,
  useEffect,
  useState,
  useSyncExternalStore,
  type ComponentType,
  type MouseEvent,
} from 'react';
import { useI18n, useRenderedLang } from '../i18n/use-i18n.ts';

/**
 * A part of a page whose code is not needed to show it (issue 18, "hydrate what is interactive;
 * keep static sections static"). The server renders it like any component. In the browser:
 *
 * - `static`: the page keeps the server's HTML as it is, with no code and no hydration work.
 *   Its code is loaded only when it has to render anew: after a switch of language, or when the
 *   page is reached by a navigation inside the site (it is shown once its chunk is in).
 * - `idle`: interactive; the server's HTML stays until the browser is idle after the page has
 *   loaded, then the code is fetched and the part hydrates (React keeps a suspended boundary's
 *   server HTML meanwhile). Reached by a navigation, it loads at once.
 * - `visible`: like `idle`, but the code is fetched only once the part comes near the screen
 *   (within `NEAR_PX` of it, after the load), or is clicked or focused: a part below the fold
 *   costs a visitor who never scrolls nothing (issue 48, decision D48-2).
 * - `input`: like `idle`, but the code is fetched at the visitor's first input anywhere on the
 *   page (pointer, touch, key, wheel, scroll): parts that only answer input (the exit offer, the
 *   chat's scroll watch).
 *
 * Links inside a static part still navigate inside the site (the wrapper hands them to the
 * router). The wrapper is `display: contents`, so it changes no layout.
 */
export type IslandKind = 'static' | 'idle' | 'visible' | 'input';

// Here rather than in src/hydration.tsx (which uses them too): one module less on every page.
const noSubscription = () => () => {};
const afterHydration = () => false;
const whileHydrating = () => true;

/** True while React hydrates the server's HTML (and on the server), false for a fresh render. */
export function useHydrating(): boolean {
  return useSyncExternalStore(noSubscription, afterHydration, whileHydrating);
}

/** The server's HTML inside `<div data-island={name}>`, read while hydrating. */
export function serverHtml(name: string): string | null {
  return document.querySelector(`[data-island="${name}"]`)?.innerHTML ?? null;
}

const loaders = new Set<() => Promise<unknown>>();

/** Loads the code of every island defined so far: the server does this before it renders. */
export async function loadIslands(): Promise<void> {
  await Promise.all([...loaders].map((load) => load()));
}

export function island<P extends object>(
  name: string,
  kind: IslandKind,
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const get = () =>
    (pending ??= load().then((component) => {
      loaded = component;
      return component;
    }));
  loaders.add(get);
  // A click on the server's HTML while the code is still on the way (the fallback below is plain
  // HTML) is not lost: the code is fetched at once and the same element (counted in document
  // order) clicked once it has rendered.
  let held = -1;
  let wake = () => {};
  const woken = new Promise<void>((resolve) => (wake = resolve));
  const hold = (event: MouseEvent<HTMLDivElement>) => {
    const target = event.target as Element;
    held = [...event.currentTarget.querySelectorAll('*')].indexOf(target);
    if (held < 0 || target.closest('a[href]')) return;
    event.preventDefault();
    wake();
  };
  function Released({ component: Component, ...props }: { component: ComponentType<P> }) {
    useEffect(() => {
      // for tests and benchmarks: the island's code is in and it answers input
      document.querySelector(`[data-island="${name}"]`)?.setAttribute('data-live', '');
      const at = held;
      held = -1;
      if (at >= 0)
        (
          document.querySelector(`[data-island="${name}"]`)?.querySelectorAll('*')[at] as
            HTMLElement | undefined
        )?.click();
    }, []);
    return <Component {...(props as P)} />;
  }
  const Now = lazy(async () => ({ default: await get() }));
  const Later = lazy(async () => {
    // the waits are a module of their own: no page needs them for its first paint
    const wait = import('./island-wait.ts').then((m) =>
      kind === 'visible' ? m.nearScreen(name) : kind === 'input' ? m.firstInput() : m.idle(),
    );
    await Promise.race([wait, woken]);
    const component = await get();
    return { default: (props: P) => <Released {...props} component={component} /> };
  });

  function Island(props: P) {
    const router = useRouter();
    const { lang } = useI18n();
    const renderedLang = useRenderedLang();
    const hydrating = useHydrating();
    // Decided once per instance: hydrated from the server's HTML, or rendered anew.
    const [start] = useState(() => ({
      hydrated: hydrating,
      // The server's HTML: a static island shows it as it is; an idle one shows it while its code
      // is on the way. (The first render after hydration is an update: React then drops a boundary
      // that is still suspended and shows its fallback, which must therefore be the same HTML.)
      kept: hydrating && !import.meta.env.SSR ? serverHtml(name) : null,
    }));

    if (import.meta.env.SSR) {
      const Component = loaded as ComponentType<P>;
      return (
        <div className="island" data-island={name}>
          <Suspense>
            <Component {...props} />
          </Suspense>
        </div>
      );
    }

    const followLink = (event: MouseEvent<HTMLDivElement>) => {
      const link = (event.target as Element).closest('a');
      if (
        !link ||
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey ||
        link.target ||
        link.hasAttribute('download') ||
        link.origin !== window.location.origin ||
        (link.hash && link.pathname === window.location.pathname)
      )
        return;
      event.preventDefault();
      void router.navigate({ href: `${link.pathname}${link.search}${link.hash}` });
    };

    if (kind === 'static' && start.kept !== null && lang === renderedLang)
      return (
        <div
          key="kept"
          className="island"
          data-island={name}
          onClick={followLink}
          dangerouslySetInnerHTML={{ __html: start.kept }}
          suppressHydrationWarning
        />
      );
    const Lazy = kind !== 'static' && start.hydrated ? Later : Now;
    // Until the code is in (an idle island after hydration, a static one after a switch of
    // language), the server's HTML stays.
    const fallback =
      start.kept === null ? null : (
        <div
          className="island"
          onClickCapture={hold}
          onFocusCapture={wake}
          dangerouslySetInnerHTML={{ __html: start.kept }}
        />
      );
    return (
      <div key="live" className="island" data-island={name}>
        <Suspense fallback={fallback}>
          <Lazy {...props} />
        </Suspense>
      </div>
    );
  }
  Island.displayName = `Island(${name})`;
  return Island;
}
