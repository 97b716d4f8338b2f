import { useMatches } from '@tanstack/react-router';
import { useState } from 'react';

/**
 * The document head in the browser (the server renders TanStack's `HeadContent`, which this
 * mirrors: src/routes/__root.tsx). Our routes' `head()` gives only meta tags (one of them the
 * title) and links, and every stylesheet is inlined into one `<style>` by the server
 * (src/entry-server.tsx), so the browser needs none of the general code for scripts, preloads and
 * stylesheet links in the head (it was on every page's critical path: decision D48E-1). The tags
 * are the same elements with the same props as TanStack's, in its order, so hydration and the
 * head's updates on navigation (title, description, hreflang) are unchanged.
 */
type Attrs = Partial<Record<string, string>>;
type Meta = Attrs & { title?: string; name?: string; property?: string };
type Tag = ['meta' | 'link', Attrs] | ['title', string];

interface HeadMatch {
  status: string;
  _notFound?: boolean;
  meta?: Array<Meta | undefined>;
  links?: Array<Attrs | undefined>;
}

/** The matches whose head counts: up to the first one that did not load (TanStack's rule). */
function assetMatches<T extends HeadMatch>(matches: T[]): T[] {
  const end = matches.findIndex((match) => match.status !== 'success' || match._notFound) + 1;
  return end && end < matches.length ? matches.slice(0, end) : matches;
}

/** Meta tags with the innermost route winning per name/property, the innermost title; links. */
export function headTags(all: HeadMatch[]): Tag[] {
  const matches = assetMatches(all);
  const metas: Tag[] = [];
  const named = new Set<string>();
  let title: string | undefined;
  for (let i = matches.length - 1; i >= 0; i--) {
    const list = matches[i]!.meta ?? [];
    for (let j = list.length - 1; j >= 0; j--) {
      const meta = list[j];
      if (!meta) continue;
      if (meta.title) {
        title ??= meta.title;
        continue;
      }
      const key = meta.name ?? meta.property;
      if (key) {
        if (named.has(key)) continue;
        named.add(key);
      }
      metas.push(['meta', meta]);
    }
  }
  if (title) metas.push(['title', title]);
  metas.reverse();
  const links = matches.flatMap((match) => match.links ?? []).filter((link) => !!link);
  // (like TanStack's, a tag given twice is rendered once)
  const seen = new Set<string>();
  return [...metas, ...links.map((link): Tag => ['link', link])].filter((tag) => {
    const key = JSON.stringify(tag);
    return !seen.has(key) && !!seen.add(key);
  });
}

const INLINE_CSS = 'data-tsr-inline-css';

export function ClientHead() {
  const tags = useMatches({
    select: (matches) => headTags(matches as unknown as HeadMatch[]),
    structuralSharing: true,
  });
  // The page's CSS, inline as the server sent it (it never changes while the page lives).
  const [css] = useState(() => document.querySelector(`style[${INLINE_CSS}]`)?.textContent);
  return (
    <>
      {tags.map(([tag, value]) => {
        const key = `tsr-${JSON.stringify([tag, value])}`;
        if (tag === 'title')
          return (
            <title key={key} suppressHydrationWarning>
              {value}
            </title>
          );
        if (tag === 'meta') return <meta key={key} {...value} suppressHydrationWarning />;
        return <link key={key} {...value} suppressHydrationWarning />;
      })}
      {css === undefined ? null : (
        <style
          {...{ [INLINE_CSS]: '' }}
          dangerouslySetInnerHTML={{ __html: css }}
          suppressHydrationWarning
        />
      )}
    </>
  );
}
