import type { RouterContext } from './router.tsx';

/**
 * The `head()` of a page: its title and description from the catalogue, in the language being
 * rendered. Every route uses it, so every page has a title in both languages.
 */
export function pageHead(titleId: string, descriptionId?: string) {
  return ({ match }: { match: { context: RouterContext } }) => {
    const { intl } = match.context.i18n.get();
    const brand = intl.formatMessage({ id: 'app.brand' });
    const title = `${intl.formatMessage({ id: titleId })} | ${brand}`;
    const meta: Array<Record<string, string>> = [{ title }];
    if (descriptionId)
      meta.push({ name: 'description', content: intl.formatMessage({ id: descriptionId }) });
    return { meta };
  };
}

/** A staff page under /dashboard: its `head()` and the title the dashboard layout shows. */
export function dashboardPage(titleId: string) {
  return { head: pageHead(titleId), staticData: { dashboardTitleId: titleId } };
}
