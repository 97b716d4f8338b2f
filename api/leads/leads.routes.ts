import { Hono } from 'hono';
import { optionById } from '#domain/catalogue.ts';
import type { Lang } from '#domain/language.ts';
import { hasPlannerAnswers, leadRequestSchema, type LeadRequest } from '#domain/leads.ts';
import { recommend } from '#domain/recommendations.ts';
import type { Database, Tx } from '../db/database.ts';
import { requireStaff, type CurrentUser } from '../http/auth.ts';
import { validateJson } from '../http/errors.ts';
import { requestLang } from '../http/language.ts';
import { t } from '../i18n.ts';
import type { Logger } from '../logger.ts';
import { notifyStaff, type Mailer } from '../mail/mail.ts';
import { idempotency } from '../http/idempotency.ts';
import { insertLead, latestLeads, leadView } from './leads.ts';
import { RATE_LIMITS, type RateLimits } from '../http/rate-limit.ts';

const IDEMPOTENCY_SCOPE = 'POST /api/leads';
const ADMIN_LIST_LIMIT = 500;

/** The staff notification of a new lead, in the staff's language. */
function staffMail(
  lead: LeadRequest,
  stored: { id: string; products: string[] },
  lang: Lang,
): { subject: string; text: string } {
  const source = t(lang, `mail.staffLead.source.${lead.source}`);
  const names = stored.products.map((id) => optionById(id)?.displayName[lang] ?? id);
  const answers = Object.entries(lead.answers)
    .map(([key, value]) => `  ${key}: ${Array.isArray(value) ? value.join(', ') : String(value)}`)
    .join('\n');
  return {
    subject: t(lang, 'mail.staffLead.subject', { source, name: lead.name }),
    text: [
      t(lang, 'mail.staffLead.intro', { source }),
      '',
      t(lang, 'mail.field.name', { name: lead.name }),
      t(lang, 'mail.field.email', { email: lead.email }),
      t(lang, 'mail.staffLead.subscribe', {
        answer: t(lang, lead.subscribe ? 'mail.common.yes' : 'mail.common.no'),
      }),
      '',
      t(lang, 'mail.staffLead.answers'),
      answers || `  ${t(lang, 'mail.common.none')}`,
      ...(names.length > 0
        ? ['', t(lang, 'mail.staffLead.recommended'), ...names.map((n) => `  - ${n}`)]
        : []),
      '',
      t(lang, 'mail.staffLead.id', { id: stored.id }),
      t(lang, 'mail.staffLead.followUp'),
    ].join('\n'),
  };
}

/** The recommendation kept with a lead: recomputed from planner answers, never the client's. */
function storedRecommendation(lead: LeadRequest): { category: string | null; products: string[] } {
  if (hasPlannerAnswers(lead)) {
    const { category, products } = recommend(lead.answers);
    return { category, products };
  }
  return { category: null, products: [...new Set(lead.recommendedProducts ?? [])] };
}

/**
 * POST /api/leads (public) and GET /api/admin/leads (staff). A lead, its consent time and the
 * staff notification are written in one transaction, so a mail exists exactly when the lead does.
 * A repeated request with the same Idempotency-Key and body answers the first id again.
 */
export function leadsRoutes(services: {
  database: Database;
  logger: Logger;
  mailer?: Mailer | undefined;
  currentUser?: CurrentUser | undefined;
  now?: (() => Date) | undefined;
  rateLimits: RateLimits;
}) {
  const now = services.now ?? (() => new Date());
  const currentUser = services.currentUser ?? (async () => null);

  return new Hono()
    .post(
      '/leads',
      services.rateLimits.limit(RATE_LIMITS.leads),
      validateJson(leadRequestSchema),
      async (c) => {
        const lead = c.req.valid('json');
        const lang = requestLang(c);
        const once = idempotency(c, IDEMPOTENCY_SCOPE, lead);
        // Made signed in: the account's own even before its address is proven.
        const userId = (await currentUser(c))?.id ?? null;

        const result = await services.database.write(async (tx: Tx) => {
          const previous = await once.replay<{ id: string }>(tx);
          if (previous) return previous;
          const recommendation = storedRecommendation(lead);
          const at = now();
          const id = await insertLead(
            tx,
            {
              source: lead.source,
              name: lead.name,
              email: lead.email,
              lang,
              answers: lead.answers as Record<string, unknown>,
              recommendation,
              subscribe: lead.subscribe,
              userId,
            },
            at,
          );
          await notifyStaff(services.mailer, tx, 'lead-notification', (staffLang) =>
            staffMail(lead, { id, products: recommendation.products }, staffLang),
          );
          const body = { id };
          await once.remember(tx, 201, body);
          return { status: 201, body };
        });
        if (result.status === 201)
          services.logger.info({ leadId: result.body.id, source: lead.source }, 'lead stored');
        return c.json(result.body, 201);
      },
    )
    .get('/admin/leads', requireStaff(currentUser), async (c) => {
      const rows = await services.database.read((db) => latestLeads(db, ADMIN_LIST_LIMIT));
      return c.json({ leads: rows.map(leadView) });
    });
}
