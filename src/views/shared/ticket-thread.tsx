// A ticket's thread under its first message: the replies and follow-ups, oldest first, each
// headed by who wrote it and when (the customer's client area and the staff tickets table).
import { FormattedMessage } from 'react-intl';
import { formatDate } from '#domain/format.ts';
import type { Lang } from '#domain/language.ts';

export type TicketMessage = { author: 'customer' | 'staff'; body: string; createdAt: string };

export function TicketThread({
  messages,
  lang,
  staffId,
  customerId,
}: {
  messages: readonly TicketMessage[];
  lang: Lang;
  /** the heading of a staff reply and of the customer's message, with `{date}` */
  staffId: string;
  customerId: string;
}) {
  return messages.map((m, index) => (
    <div key={index} className="account__reply">
      <p className="account__reply-author">
        <FormattedMessage
          id={m.author === 'staff' ? staffId : customerId}
          values={{ date: formatDate(new Date(m.createdAt), lang, 'medium') }}
        />
      </p>
      <p className="account__message">{m.body}</p>
    </div>
  ));
}
