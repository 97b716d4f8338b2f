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
import { flushSync } from 'react-dom';
import { useI18n, useRenderedLang } from '../i18n/use-i18n.ts';
import type * as IslandReplay from './island-replay.ts';
import type { Held, Typed } from './island-replay.ts';

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
 *   chat's scroll watch, the footer's payment methods) and the forms (decision D48B-1).
 *
 * The kind may depend on the props (decided once per instance): a form that starts work of its
 * own with what the address gives it (a lookup, free times) is `idle` then, `input` otherwise.
 *
 * Until its code is in, a part that is not static keeps what the visitor does: a click on a
 * button (or a form's submit) fetches the code at once and is given again when it has rendered;
 * fields take what is typed, chosen and ticked as plain HTML, and it is handed to the rendered
 * form as input, with focus and caret where they were (src/components/island-replay.ts).
 *
 * Links inside a static part still navigate inside the site (the wrapper hands them to the
 * router). The wrapper is `display: contents`, so it changes no layout.
 */
export type IslandKind = 'static' | 'idle' | 'visible' | 'input';

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

/** What does nothing without code: a click on it is held. Fields, labels and links act as HTML. */
const ACTIVATOR = 'button, summary, input[type="submit"]';

export function island<P extends object>(
  name: string,
  kind: IslandKind | ((props: P) => IslandKind),
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
  // A click on a button of the server's HTML while the code is still on the way is not lost: the
  // code is fetched at once and the same element (counted in document order) clicked once it has
  // rendered; a form's submit (Enter in a field) likewise. The last one counts. Fields, labels,
  // check boxes act as plain HTML meanwhile (the click only hurries the code), and what they hold
  // is carried over (src/components/island-replay.ts: `readTyped`, `replayTyped`).
  let held: Held | undefined;
  let wake = () => {};
  const woken = new Promise<void>((resolve) => (wake = resolve));
  const inIsland = () => document.querySelector(`[data-island="${name}"]`);
  const hold = (event: MouseEvent<HTMLDivElement>) => {
    wake();
    const clicked = event.target as Element;
    const target = clicked.closest(ACTIVATOR);
    if (!target || clicked.closest('a[href]')) return;
    event.preventDefault();
    const at = [...event.currentTarget.querySelectorAll('*')].indexOf(target);
    held = { submit: false, at, tag: target.tagName };
  };
  const holdSubmit = (event: FormEvent<HTMLDivElement>) => {
    event.preventDefault();
    const at = [...event.currentTarget.querySelectorAll('form')].indexOf(
      event.target as HTMLFormElement,
    );
    held = { submit: true, at, tag: 'FORM' };
    wake();
  };
  let replay: typeof IslandReplay | undefined;
  let typed: Typed | undefined;
  let keptElement: HTMLDivElement | null = null;
  const keep = (element: HTMLDivElement | null) => {
    if (element) keptElement = element;
  };
  const readKept = () => {
    if (keptElement?.isConnected && replay) typed = replay.readTyped(keptElement);
  };
  const replayModule = () => import('./island-replay.ts').then((module) => (replay = module));
  /** The code, once the island's moment has come (or it was clicked or focused). */
  const whenWanted = async (kind: IslandKind) => {
    const waits = await import('./island-wait.ts');
    const wait =
      kind === 'visible'
        ? waits.nearScreen(name)
        : kind === 'input'
          ? waits.firstInput()
          : waits.idle();
    await Promise.race([wait, woken]);
    // what carries fields over comes with the code of an island that has any
    const fields = keptElement?.querySelector('input, textarea, select');
    const [component] = await Promise.all([get(), fields && replayModule()]);
    return component;
  };
  function Released({ component: Component, ...props }: { component: ComponentType<P> }) {
    // the server's HTML, with what the visitor typed, is still on screen while this renders
    useState(readKept);
    // Rendered at once (flushSync below), so this runs before the browser paints: the part's own
    // effects (its machines) have started, and it shows what was typed from its first frame.
    useEffect(() => {
      const element = inIsland();
      if (!element) return;
      // for tests and benchmarks: the island's code is in and it answers input
      element.setAttribute('data-live', '');
      const given = typed;
      typed = undefined;
      if (given) replay?.replayTyped(element, given);
      // once the fields have rendered what they were given (a task later: React renders it)
      const action = held;
      held = undefined;
      if (action) void replayModule().then((m) => setTimeout(() => m.actAgain(element, action)));
    }, []);
    return <Component {...(props as P)} />;
  }
  const Now = lazy(async () => {
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
      kind: typeof kind === 'function' ? kind(props) : kind,
      // The server's HTML: a static island shows it as it is; the others while their code is on
      // the way.
      kept: hydrating && !import.meta.env.SSR ? serverHtml(name) : null,
    }));
    const [code, setCode] = useState<{ component: ComponentType<P> }>();
    useEffect(() => {
      if (start.kind === 'static' || start.kept === null) return;
      let mounted = true;
      void whenWanted(start.kind).then((component) => {
        if (!mounted) return;
        readKept();
        flushSync(() => setCode({ component }));
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
    const waiting = start.kind !== 'static';
    const kept = (role: 'kept' | 'fallback') => (
      <div
        key={role}
        ref={role === 'kept' ? keep : undefined}
        className="island"
        data-island={role === 'kept' ? name : undefined}
        onClick={followLink}
        onClickCapture={waiting ? hold : undefined}
        onFocusCapture={waiting ? wake : undefined}
        onInputCapture={waiting ? wake : undefined}
        onSubmitCapture={waiting ? holdSubmit : undefined}
        dangerouslySetInnerHTML={{ __html: start.kept! }}
        suppressHydrationWarning
      />
    );
    if (start.kept !== null && !code) {
      if (lang === renderedLang) return kept('kept');
      // The language was switched before the code came: what was typed goes along (read before
      // the server's HTML leaves the page).
      readKept();
    }
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
