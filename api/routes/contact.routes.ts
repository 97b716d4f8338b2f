import { desc } from 'drizzle-orm';
import { Hono } from 'hono';
import { contactRequestSchema, type ContactRequest } from '#domain/consultation.schema.ts';
import type { Lang } from '#domain/language.ts';
import type { Database } from '../db/database.ts';
import { tickets } from '../db/schema.ts';
import { requireStaff, type CurrentUser } from '../http/auth.ts';
import { validateJson } from '../http/errors.ts';
import { requestLang } from '../http/language.ts';
import type { Mailer } from '../services/mail.ts';
import { idempotency } from '../services/idempotency.ts';
import { RATE_LIMITS, type RateLimits } from '../services/rate-limit.ts';

const ADMIN_LIST_LIMIT = 500;

const SUBJECT_LABEL: Record<Lang, Record<string, string>> = {
  en: {
    '': 'no subject',
    general: 'General question',
    support: 'Support',
    collaboration: 'Collaboration',
  },
  nl: {
    '': 'geen onderwerp',
    general: 'Algemene vraag',
    support: 'Ondersteuning',
    collaboration: 'Samenwerking',
  },
};

function acknowledgement(ticket: ContactRequest, id: string, lang: Lang) {
  const ref = id.slice(0, 8).toUpperCase();
  if (lang === 'nl')
    return {
      subject: `We hebben je bericht ontvangen (ticket ${ref})`,
      text: [
        `Hallo ${ticket.name},`,
        '',
        'Bedankt voor je bericht. We reageren binnen 1 werkdag (werkdagen 9:00 tot 17:00).',
        '',
        `Onderwerp: ${SUBJECT_LABEL.nl[ticket.subject] ?? ticket.subject}`,
        'Je bericht:',
        ticket.message,
        '',
        `Ticketnummer: ${ref}`,
      ].join('\n'),
    };
  return {
    subject: `We received your message (ticket ${ref})`,
    text: [
      `Hello ${ticket.name},`,
      '',
      'Thank you for your message. We will reply within 1 working day (weekdays 9:00 to 17:00).',
      '',
      `Subject: ${SUBJECT_LABEL.en[ticket.subject] ?? ticket.subject}`,
      'Your message:',
      ticket.message,
      '',
      `Ticket number: ${ref}`,
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
          if (mailer?.staffAddress)
            await mailer.send(
              {
                to: mailer.staffAddress,
                subject: `New ticket (${SUBJECT_LABEL.en[body.subject] ?? body.subject}): ${body.name}`,
                text: [
                  'A visitor sent a message through the contact form. Reply within 1 working day.',
                  '',
                  `Name: ${body.name}`,
                  `Email: ${body.email}`,
                  `Language: ${lang}`,
                  `Subject: ${SUBJECT_LABEL.en[body.subject] ?? body.subject}`,
                  '',
                  body.message,
                  '',
                  `Ticket id: ${id}`,
                ].join('\n'),
                kind: 'ticket-notification',
                lang: 'en',
              },
              tx,
            );
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
