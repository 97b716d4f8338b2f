import { desc } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  contactRequestSchema,
  ticketReference,
  type ContactRequest,
} from '#domain/consultation.schema.ts';
import type { Lang } from '#domain/language.ts';
import type { Database } from '../db/database.ts';
import { tickets } from '../db/schema.ts';
import { requireStaff, type CurrentUser } from '../http/auth.ts';
import { validateJson } from '../http/errors.ts';
import { requestLang } from '../http/language.ts';
import { languageName, t } from '../i18n.ts';
import { notifyStaff, type Mailer } from '../mail/mail.ts';
import { idempotency } from '../http/idempotency.ts';
import { RATE_LIMITS, type RateLimits } from '../http/rate-limit.ts';

const ADMIN_LIST_LIMIT = 500;

function subjectLabel(subject: ContactRequest['subject'], lang: Lang): string {
  return subject === ''
    ? t(lang, 'mail.ticket.noSubject')
    : t(lang, `contact.form.subject.${subject}`);
}

function acknowledgement(ticket: ContactRequest, id: string, lang: Lang) {
  const ref = ticketReference(id);
  return {
    subject: t(lang, 'mail.ticket.subject', { ref }),
    text: [
      t(lang, 'mail.common.hello', { name: ticket.name }),
      '',
      t(lang, 'mail.ticket.thanks'),
      '',
      t(lang, 'mail.ticket.subjectLine', { subject: subjectLabel(ticket.subject, lang) }),
      t(lang, 'mail.ticket.yourMessage'),
      ticket.message,
      '',
      t(lang, 'mail.ticket.number', { ref }),
    ].join('\n'),
  };
}

/**
 * POST /api/contact (a ticket: stored, acknowledged to the visitor, announced to staff, all in one
 * transaction) and staff-only GET /api/admin/tickets.
 */
export function contactRoutes(options: {
  database: Database;
  mailer?: Mailer | undefined;
  currentUser?: CurrentUser | undefined;
  rateLimits: RateLimits;
}) {
  const { database, mailer } = options;
  const staffOnly = requireStaff(options.currentUser ?? (async () => null));
  return new Hono()
    .post(
      '/contact',
      options.rateLimits.limit(RATE_LIMITS.contact),
      validateJson(contactRequestSchema),
      async (c) => {
        const body = c.req.valid('json');
        const lang = requestLang(c);
        const once = idempotency(c, 'POST /api/contact', body);
        // Made signed in: the account's own even before its address is proven.
        const userId = (await options.currentUser?.(c))?.id ?? null;
        const answer = await database.write(async (tx) => {
          const previous = await once.replay<{ ok: true; ticketId: string }>(tx);
          if (previous) return previous.body;
          const [saved] = await tx
            .insert(tickets)
            .values({
              name: body.name,
              email: body.email.toLowerCase(),
              subject: body.subject,
              message: body.message,
              lang,
              userId,
            })
            .returning({ id: tickets.id });
          const id = saved!.id;
          await mailer?.send(
            {
              to: body.email,
              ...acknowledgement(body, id, lang),
              kind: 'ticket-acknowledgement',
              lang,
            },
            tx,
          );
          await notifyStaff(mailer, tx, 'ticket-notification', (staffLang) => ({
            subject: t(staffLang, 'mail.staffTicket.subject', {
              subject: subjectLabel(body.subject, staffLang),
              name: body.name,
            }),
            text: [
              t(staffLang, 'mail.staffTicket.body'),
              '',
              t(staffLang, 'mail.field.name', { name: body.name }),
              t(staffLang, 'mail.field.email', { email: body.email }),
              t(staffLang, 'mail.field.language', { lang: languageName(lang, staffLang) }),
              t(staffLang, 'mail.ticket.subjectLine', {
                subject: subjectLabel(body.subject, staffLang),
              }),
              '',
              body.message,
              '',
              t(staffLang, 'mail.staffTicket.id', { id }),
            ].join('\n'),
          }));
          const response = { ok: true as const, ticketId: id };
          await once.remember(tx, 201, response);
          return response;
        });
        return c.json(answer, 201);
      },
    )
    .get('/admin/tickets', staffOnly, async (c) => {
      const rows = await database.read((db) =>
        db.select().from(tickets).orderBy(desc(tickets.createdAt)).limit(ADMIN_LIST_LIMIT),
      );
      return c.json({
        tickets: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
      });
    });
}
