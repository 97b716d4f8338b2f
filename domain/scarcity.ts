// The landing page's "spots left this month" (API.md "Honest selling"): the website projects the
// studio takes on per calendar month (`PROJECTS_PER_MONTH`, default 20) minus the website orders
// paid this Amsterdam calendar month. A real figure, the same for every visitor at the same
// moment; never invented (D39A-3).

import { amsterdamTime } from './amsterdam-time.ts';
import { addMonths, amsterdamDay, type IsoDay } from './format.ts';

export const DEFAULT_PROJECTS_PER_MONTH = 20;

/** The website packages (the buildLaunch group's choice): an order with one is a website order. */
export const WEBSITE_PLAN_IDS = ['webHosting_total', 'webHosting_pro'] as const;

/** Spots left: the month's projects minus the website orders paid this month, never below 0. */
export function spotsLeft(projectsPerMonth: number, paidThisMonth: number): number {
  return Math.max(0, projectsPerMonth - paidThisMonth);
}

/** The Amsterdam calendar month of `now`: `YYYY-MM`, and its first instant and the next month's. */
export function amsterdamMonth(now: Date): { month: string; start: Date; end: Date } {
  const first: IsoDay = `${amsterdamDay(now).slice(0, 7)}-01`;
  return {
    month: first.slice(0, 7),
    start: amsterdamTime(first, 0),
    end: amsterdamTime(addMonths(first, 1), 0),
  };
}
