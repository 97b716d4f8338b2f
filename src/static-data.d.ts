import '@tanstack/react-router';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** Minimal layout: hide the footer on this route. */
    hideFooter?: boolean;
    /** Legal layout: the hero's title and subtitle message ids. */
    titleId?: string;
    subtitleId?: string;
    /** Dashboard layout: breadcrumb/title message id. */
    dashboardTitleId?: string;
  }
}
