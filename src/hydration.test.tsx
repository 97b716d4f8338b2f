// @vitest-environment jsdom
// SavedStateBody (src/hydration.tsx): the page body hydrates once and is not rendered a second
// time right after hydration when nothing is saved (issue 18: that second render of the whole
// order page was one long task); when something is saved, it is rendered anew from storage.

import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { SavedStateBody } from './hydration.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function page(hasSaved: boolean, renders: boolean[]) {
  return (
    <main>
      <SavedStateBody name="body" hasSaved={() => hasSaved}>
        {(fromStorage) => {
          renders.push(fromStorage);
          return <p>{fromStorage ? 'saved' : 'first visit'}</p>;
        }}
      </SavedStateBody>
    </main>
  );
}

async function hydrate(savedInBrowser: boolean) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(page(false, []));
  document.body.append(container);
  const renders: boolean[] = [];
  await act(async () => {
    hydrateRoot(container, page(savedInBrowser, renders));
  });
  return { container, renders };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('SavedStateBody', () => {
  it('nothing saved: the body renders once, while hydrating, and not again after', async () => {
    const { container, renders } = await hydrate(false);
    expect(renders).toEqual([false]);
    expect(container.textContent).toBe('first visit');
  });

  it('something saved: the server HTML is kept while hydrating, then the body renders from storage once', async () => {
    const { container, renders } = await hydrate(true);
    expect(renders).toEqual([true]);
    expect(container.textContent).toBe('saved');
  });
});
