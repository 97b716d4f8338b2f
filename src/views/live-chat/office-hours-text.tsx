import { FormattedMessage } from 'react-intl';
import type { Lang } from '#domain/language.ts';
import { describeOfficeWindows, type OfficeHours } from '#domain/office-hours.ts';

/**
 * "Business hours: Monday to Friday 9:00-17:00 (Amsterdam time), except Dutch public holidays.",
 * from OFFICE_HOURS and OFFICE_HOLIDAYS as GET /api/chat-status reports them; the default text
 * until they are known.
 */
export function OfficeHoursText({ hours, lang }: { hours: OfficeHours | null; lang: Lang }) {
  if (!hours) return <FormattedMessage id="contact.chat.hours" />;
  return (
    <FormattedMessage
      id="chat.widget.hours"
      values={{ hours: describeOfficeWindows(hours.windows, lang), holidays: hours.holidays }}
    />
  );
}
