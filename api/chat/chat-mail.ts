import type { ChatMessage } from '#domain/chat.schema.ts';
import { amsterdamDay, formatDate } from '#domain/format.ts';
import { t } from '../i18n.ts';
import type { ConversationRow } from './chat.ts';

/** The transcript mailed to the visitor when a conversation is closed, in their language. */
export function transcriptMail(conversation: ConversationRow, messages: ChatMessage[]) {
  const lang = conversation.lang;
  const lines = messages.map((m) => {
    const who =
      m.author === 'staff' ? t(lang, 'app.brand') : conversation.name || t(lang, 'mail.chat.you');
    const at = new Date(m.createdAt).toLocaleTimeString(lang === 'nl' ? 'nl-NL' : 'en-GB', {
      timeZone: 'Europe/Amsterdam',
      hour: '2-digit',
      minute: '2-digit',
    });
    return `[${at}] ${who}: ${m.body}`;
  });
  const day = formatDate(amsterdamDay(conversation.createdAt), lang, 'long');
  return {
    subject: t(lang, 'mail.chat.subject', { brand: t(lang, 'app.brand'), day }),
    text: [
      t(lang, 'mail.common.hello', { name: conversation.name }),
      '',
      t(lang, 'mail.chat.thanks'),
      '',
      ...lines,
      '',
      t(lang, 'mail.chat.more'),
    ].join('\n'),
  };
}
