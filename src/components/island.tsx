import { useRouter } from '@tanstack/react-router';
import {
  Suspense,
  lazy,
  useEffect,
  useState,
  useSyncExternalStore,
  type ComponentType,
  type FormEvent,
  type MouseEvent,
} from 'react';
import { useI18n, useRenderedLang } from '../i18n/use-i18n.ts';
import type * as IslandWait from './island-wait.ts';
import type { Typed } from './island-wait.ts';

/**
 * A part of a page whose code is not needed to show it (issue 18, "hydrate what is interactive;
 * keep static sections static"). The server renders it like any component. In the browser:
 *
 * - `static`: the page keeps the server's HTML as it is, with no code and no hydration work.
 *   Its code is loaded only when it has to render anew: after a switch of language, or when the
 *   page is reached by a navigation inside the site (it is shown once its chunk is in).
 * - `idle`: interactive; the server's HTML stays as it is until the browser is idle after the
 *   page has loaded, then the code is fetched and the part renders in its place. Reached by a
 *   navigation, it loads at once.
 * - `visible`: like `idle`, but the code is fetched only once the part comes near the screen
 *   (within `NEAR_PX` of it, after the load), or is clicked or focused: a part below the fold
 *   costs a visitor who never scrolls nothing (issue 48, decision D48-2).
 * - `input`: like `idle`, but the code is fetched at the visitor's first input anywhere on the
 *   page (pointer, touch, key, wheel, scroll): parts that only answer input (the exit offer, the
 *   chat's scroll watch) and the forms of the pages that sell (decision D48B-1).
 *
 * Until its code is in, a part that is not static keeps what the visitor does: a click (or a
 * form's submit) fetches the code at once and is given again when it has rendered; what was typed
 * or chosen is handed to the rendered form as input, and focus and caret return where they were.
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
  // A click on the server's HTML while the code is still on the way (plain HTML) is not lost: the
  // code is fetched at once and the same element (counted in document order) clicked once it has
  // rendered; a form's submit likewise. What was typed or chosen meanwhile is carried over too
  // (src/components/island-wait.ts: `readTyped`, `replayTyped`).
  let held = -1;
  let heldSubmit = -1;
  let wake = () => {};
  const woken = new Promise<void>((resolve) => (wake = resolve));
  const inIsland = () => document.querySelector(`[data-island="${name}"]`);
  const hold = (event: MouseEvent<HTMLDivElement>) => {
    const target = event.target as Element;
    held = [...event.currentTarget.querySelectorAll('*')].indexOf(target);
    if (held < 0 || target.closest('a[href]')) return;
    event.preventDefault();
    wake();
  };
  const holdSubmit = (event: FormEvent<HTMLDivElement>) => {
    event.preventDefault();
    heldSubmit = [...event.currentTarget.querySelectorAll('form')].indexOf(
      event.target as HTMLFormElement,
    );
    wake();
  };
  let waits: typeof IslandWait | undefined;
  let typed: Typed | undefined;
  let keptElement: HTMLDivElement | null = null;
  const keep = (element: HTMLDivElement | null) => {
    if (element) keptElement = element;
  };
  const readKept = () => {
    if (keptElement?.isConnected && waits) typed = waits.readTyped(keptElement);
  };
  /** The code, once the island's moment has come (or it was clicked or focused). */
  const whenWanted = async () => {
    waits = await import('./island-wait.ts');
    const wait =
      kind === 'visible'
        ? waits.nearScreen(name)
        : kind === 'input'
          ? waits.firstInput()
          : waits.idle();
    await Promise.race([wait, woken]);
    return get();
  };
  function Released({ component: Component, ...props }: { component: ComponentType<P> }) {
    // the server's HTML, with what the visitor typed, is still on screen while this renders
    useState(readKept);
    useEffect(() => {
      const element = inIsland();
      // for tests and benchmarks: the island's code is in and it answers input
      element?.setAttribute('data-live', '');
      if (element && typed) waits?.replayTyped(element, typed);
      typed = undefined;
      const at = held;
      const form = heldSubmit;
      held = heldSubmit = -1;
      if (at >= 0) (element?.querySelectorAll('*')[at] as HTMLElement | undefined)?.click();
      else if (form >= 0) element?.querySelectorAll('form')[form]?.requestSubmit();
    }, []);
    return <Component {...(props as P)} />;
  }
  const Now = lazy(async () => ({ default: await get() }));

  function Island(props: P) {
    const router = useRouter();
    const { lang } = useI18n();
    const renderedLang = useRenderedLang();
    const hydrating = useHydrating();
    // Decided once per instance: hydrated from the server's HTML, or rendered anew.
    const [start] = useState(() => ({
      // The server's HTML: a static island shows it as it is; the others while their code is on
      // the way.
      kept: hydrating && !import.meta.env.SSR ? serverHtml(name) : null,
    }));
    const [code, setCode] = useState<{ component: ComponentType<P> }>();
    useEffect(() => {
      if (kind === 'static' || start.kept === null) return;
      let mounted = true;
      void whenWanted().then((component) => {
        if (!mounted) return;
        readKept();
        setCode({ component });
      });
      return () => {
        mounted = false;
      };
    }, [start]);

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

    // The server's HTML, as it is (React does not touch the inside of an element it did not write,
    // so what is typed into it stays too): for good (`static`), or until the island's moment has
    // come; and as the fallback while the code is on the way after a switch of language.
    const kept = (role: 'kept' | 'fallback') => (
      <div
        key={role}
        ref={role === 'kept' ? keep : undefined}
        className="island"
        data-island={role === 'kept' ? name : undefined}
        onClick={followLink}
        onClickCapture={kind === 'static' ? undefined : hold}
        onFocusCapture={kind === 'static' ? undefined : wake}
        onSubmitCapture={kind === 'static' ? undefined : holdSubmit}
        dangerouslySetInnerHTML={{ __html: start.kept! }}
        suppressHydrationWarning
      />
    );
    if (start.kept !== null && lang === renderedLang && !code) return kept('kept');
    return (
      <div key="live" className="island" data-island={name}>
        <Suspense fallback={start.kept === null ? null : kept('fallback')}>
          {code ? <Released {...props} component={code.component} /> : <Now {...props} />}
        </Suspense>
      </div>
    );
  }
  Island.displayName = `Island(${name})`;
  return Island;
}
