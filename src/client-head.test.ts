// The browser's head tags (src/client-head.tsx) follow TanStack's HeadContent (its
// buildTagsFromMatches): the innermost route's title and meta per name or property, in its order
// (the innermost route's first, walked backwards, then reversed), links after them, and nothing
// of the routes past the first that did not load.
import { describe, expect, it } from 'vitest';
import { headTags } from './client-head.tsx';

const root = {
  status: 'success',
  meta: [
    { charSet: 'utf-8' },
    { name: 'description', content: 'site' },
    { property: 'og:locale', content: 'en_GB' },
    { title: 'Brand' },
  ],
  links: [
    { rel: 'icon', href: '/favicon.svg' },
    { rel: 'alternate', hrefLang: 'nl', href: 'https://x/a?lang=nl' },
  ],
};
const page = {
  status: 'success',
  meta: [{ title: 'Page | Brand' }, { name: 'description', content: 'page' }],
};

describe('headTags', () => {
  it("keeps the innermost route's title and description, in TanStack's order, links last", () => {
    expect(headTags([root, page])).toEqual([
      ['title', 'Page | Brand'],
      ['meta', { charSet: 'utf-8' }],
      ['meta', { property: 'og:locale', content: 'en_GB' }],
      ['meta', { name: 'description', content: 'page' }],
      ['link', { rel: 'icon', href: '/favicon.svg' }],
      ['link', { rel: 'alternate', hrefLang: 'nl', href: 'https://x/a?lang=nl' }],
    ]);
  });

  it('takes the root alone when it is the only route', () => {
    expect(headTags([root]).filter(([tag]) => tag === 'title')).toEqual([['title', 'Brand']]);
  });

  it('stops at the first route that has not loaded', () => {
    const pending = { status: 'pending', meta: [{ title: 'Pending' }] };
    const after = { status: 'success', meta: [{ title: 'After' }] };
    const titles = headTags([root, pending, after]).filter(([tag]) => tag === 'title');
    expect(titles).toEqual([['title', 'Pending']]);
  });

  it('renders a tag given twice once', () => {
    const twice = { status: 'success', links: [root.links[0]!, root.links[0]!] };
    expect(headTags([twice])).toEqual([['link', root.links[0]]]);
  });
});
