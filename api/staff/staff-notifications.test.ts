// Every notification to staff is written in one language, the staff's (STAFF_LANG, Dutch unless
// set), whatever language the customer used: orders, tickets, bookings, surveys and upgrades alike.
import { describe, expect, it } from 'vitest';
import type { Lang } from '#domain/language.ts';
import { outbox } from '../db/schema.ts';
import { t as message } from '../i18n.ts';
import { createLogger } from '../logger.ts';
import { createMailer } from '../mail/mail.ts';
import { createTestApp } from '../../tests/helpers/app.ts';
import { checkoutBody } from '../../tests/helpers/checkout-body.ts';
import { createTestDatabase } from '../../tests/helpers/database.ts';

// Monday 6 January 2025, 11:15 in Amsterdam.
const NOW = new Date('2025-01-06T10:15:00Z');

describe.each(['nl', 'en'] as const)('STAFF_LANG=%s', (staffLang) => {
  const customerLang: Lang = staffLang === 'nl' ? 'en' : 'nl';

  it(`writes every staff mail in ${staffLang} for a customer writing in ${customerLang}`, async () => {
    const database = await createTestDatabase();
    const mailer = createMailer({
      database,
      logger: createLogger({ level: 'error', write: () => {} }),
      staffAddress: 'staff@example.test',
      staffLang,
      retryEveryMs: 0,
    });
    const t = await createTestApp({ database, mailer, now: () => NOW });
    try {
      const ticket = await t.call('POST', `/api/contact?lang=${customerLang}`, {
        name: 'Piet',
        email: 'piet@example.nl',
        subject: 'support',
        message: 'Help',
      });
      expect(ticket.status).toBe(201);
      const booking = await t.call('POST', `/api/bookings?lang=${customerLang}`, {
        name: 'Anne',
        email: 'anne@example.nl',
        start: '2025-01-08T08:00:00.000Z',
      });
      expect(booking.status).toBe(201);
      const survey = await t.call('POST', `/api/consultation-survey?lang=${customerLang}`, {
        priority: 'increaseSales',
        notes: '',
      });
      expect(survey.status).toBe(201);
      const order = await t.call(
        'POST',
        '/api/checkout',
        checkoutBody('anna@example.test', { lang: customerLang, country: 'NL' }),
      );
      expect(order.status).toBe(201);

      const staffMails = (await database.read((db) => db.select().from(outbox))).filter(
        (m) => m.to === 'staff@example.test',
      );
      expect(staffMails.map((m) => m.kind).sort()).toEqual(
        [
          'booking-notification',
          'order-notification',
          'survey-notification',
          'ticket-notification',
        ].sort(),
      );
      for (const mail of staffMails) expect(mail.lang, mail.kind).toBe(staffLang);
      const byKind = (kind: string) => staffMails.find((m) => m.kind === kind)!;
      expect(byKind('ticket-notification').text.split('\n')[0]).toBe(
        message(staffLang, 'mail.staffTicket.body'),
      );
      expect(byKind('booking-notification').text.split('\n')[0]).toBe(
        message(staffLang, 'mail.staffBooking.body'),
      );
      // The customer's language named in the staff's ("Taal: Engels", not "Taal: en").
      const customerLanguage = {
        nl: { nl: 'Nederlands', en: 'Engels' },
        en: { nl: 'Dutch', en: 'English' },
      }[staffLang][customerLang];
      for (const kind of ['ticket-notification', 'booking-notification'])
        expect(byKind(kind).text, kind).toContain(
          message(staffLang, 'mail.field.language', { lang: customerLanguage }),
        );
      const orderMail = byKind('order-notification');
      expect(orderMail.text.split('\n')[0]).toBe(message(staffLang, 'mail.staffOrder.body'));
      // The customer's country and the order's lines named in the staff's language.
      expect(orderMail.text).toContain(staffLang === 'nl' ? 'Nederland' : 'Netherlands');
      expect(orderMail.text).toContain(
        staffLang === 'nl' ? 'Compleet Websitepakket' : 'Complete Website Package',
      );
    } finally {
      await t.close();
    }
  });
});
