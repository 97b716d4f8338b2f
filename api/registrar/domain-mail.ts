import { eq } from 'drizzle-orm';
import { toUnicodeName } from '#domain/domain-name.ts';
import { formatDate } from '#domain/format.ts';
import type { Tx } from '../db/database.ts';
import { customerProfiles, domains, orders, users } from '../db/schema.ts';
import { mailSignOff, t } from '../i18n.ts';
import type { Mailer } from '../mail/mail.ts';
import { accountPageUrl } from '../billing/billing-reminders.ts';

export type DomainMailKind = 'registered' | 'transferred' | 'authCode';

/**
 * The customer's mails about their domain (API.md section 12), in the order's language: it is
 * registered, it is transferred, or its transfer waits for the auth code (with where to give it).
 * Stored in `tx`, so a mail exists exactly when the step it reports was committed.
 */
export async function queueDomainMail(
  tx: Tx,
  mailer: Mailer,
  input: { domainId: string; kind: DomainMailKind; publicUrl?: string | undefined },
): Promise<void> {
  const [row] = await tx
    .select({
      name: domains.name,
      expiresOn: domains.expiresOn,
      email: users.email,
      firstname: customerProfiles.firstname,
      lang: orders.lang,
    })
    .from(domains)
    .innerJoin(users, eq(users.id, domains.userId))
    .innerJoin(orders, eq(orders.id, domains.orderId))
    .leftJoin(customerProfiles, eq(customerProfiles.userId, domains.userId))
    .where(eq(domains.id, input.domainId));
  if (!row) return;
  const { lang } = row;
  const domain = toUnicodeName(row.name) ?? row.name;
  const values = {
    domain,
    date: row.expiresOn ? formatDate(row.expiresOn, lang) : '',
    link: accountPageUrl(input.publicUrl ?? '', lang),
  };
  const lines = [
    row.firstname
      ? t(lang, 'mail.common.hello', { name: row.firstname })
      : t(lang, 'mail.common.helloNoName'),
    t(lang, `domains.mail.${input.kind}.body`, values),
    mailSignOff(lang).join('\n'),
  ];
  await mailer.send(
    {
      to: row.email,
      subject: t(lang, `domains.mail.${input.kind}.subject`, values),
      text: lines.join('\n\n'),
      kind: `domain-${input.kind}`,
      lang,
    },
    tx,
  );
}
