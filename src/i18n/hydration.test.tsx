// @vitest-environment jsdom
// Hydration always matches the server's HTML (issue 11): a part of the page that hydrates late
// (a lazy route chunk) must read the language the server rendered, even when the visitor's saved
// language was switched to before that chunk arrived. Otherwise React reports a hydration text
// mismatch (error #418) and throws the server's HTML away.

import { act, lazy, memo, Suspense, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
import { createI18nStore, type I18nStore } from './i18n-store.ts';
import { useI18nState } from './use-i18n.ts';

const EN = { 'page.title': 'Pricing' };
const NL = { 'page.title': 'Prijzen' };

function Title({ store }: { store: I18nStore }) {
  const { intl } = useI18nState(store);
  return <h1>{intl.formatMessage({ id: 'page.title' })}</h1>;
}

type BodyProps = { store: I18nStore; Body: ComponentType<{ store: I18nStore }> };

// Memoised like the router's matches: the root's re-render does not reach the boundary.
const Outlet = memo(function Outlet({ store, Body }: BodyProps) {
  return (
    <Suspense fallback={<p>…</p>}>
      <Body store={store} />
    </Suspense>
  );
});

function Page({ store, Body }: BodyProps) {
  const { lang } = useI18nState(store);
  return (
    <main data-lang={lang}>
      <Outlet store={store} Body={Body} />
    </main>
  );
}

describe('hydration in the rendered language', () => {
  it('a late part hydrates in the server language after a switch, then shows the new one', async () => {
    const html = renderToString(<Page store={createI18nStore('en', EN)} Body={Title} />);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);

    let arrive!: () => void;
    const chunk = new Promise<{ default: typeof Title }>((resolve) => {
      arrive = () => resolve({ default: Title });
    });
    const LateTitle = lazy(() => chunk);

    const store = createI18nStore('en', EN);
    const errors: string[] = [];
    await act(async () => {
      hydrateRoot(container, <Page store={store} Body={LateTitle} />, {
        onRecoverableError: (error) => errors.push(String(error)),
      });
    });
    // The saved language is applied while the chunk is still on its way.
    await act(async () => store.set('nl', NL));
    await act(async () => {
      arrive();
      await chunk;
    });

    expect(errors).toEqual([]);
    expect(container.querySelector('main')?.dataset.lang).toBe('nl');
    expect(container.querySelector('h1')?.textContent).toBe('Prijzen');
    container.remove();
  });

  it('the store remembers the language it was created in', () => {
    const store = createI18nStore('en', EN);
    store.set('nl', NL);
    expect(store.get().lang).toBe('nl');
    expect(store.rendered().lang).toBe('en');
  });
});
