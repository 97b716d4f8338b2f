import { memo, useState, type ReactNode } from 'react';
import { serverHtml, useHydrating } from './components/island.tsx';

/**
 * A page body that starts from what this browser saved (planner answers, plan toggles, the
 * checkout form). The server renders it as a first visit sees it, so the first paint is the real
 * page (no placeholder, no layout shift). Nothing saved: it hydrates as it is. Something saved:
 * hydration keeps the server's HTML untouched (the body's machines must not start from the
 * defaults: they would save them over the visitor's state) and the body is rendered anew from
 * storage right after. A page reached by a navigation starts from storage at once.
 */
export function SavedStateBody({
  name,
  hasSaved,
  children,
}: {
  name: string;
  hasSaved: () => boolean;
  children: (fromStorage: boolean) => ReactNode;
}) {
  const hydrating = useHydrating();
  const [start] = useState(() => {
    const saved = !import.meta.env.SSR && hasSaved();
    return { saved, kept: saved && hydrating ? serverHtml(name) : null };
  });
  if (start.kept !== null && hydrating)
    return (
      <div
        key="kept"
        className="island"
        data-island={name}
        dangerouslySetInnerHTML={{ __html: start.kept }}
        suppressHydrationWarning
      />
    );
  return (
    <div key="live" className="island" data-island={name}>
      <Body render={children} saved={start.saved} />
    </div>
  );
}

/** The body itself: rendered anew only when the page gives a new `render` (new props). */
const Body = memo(function Body({
  render,
  saved,
}: {
  render: (fromStorage: boolean) => ReactNode;
  saved: boolean;
}) {
  return render(saved);
});
