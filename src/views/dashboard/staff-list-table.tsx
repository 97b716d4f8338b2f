import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { ColumnHeads } from '../shared/column-heads.tsx';

/**
 * A staff list that is not a server-paged table (domains, refunds): a table that scrolls sideways
 * when it must (focusable, so the keyboard can scroll it too), its column heads, and "nothing
 * here" when there are no rows. Each cell carries its column's name in `data-label`.
 */
export function StaffListTable({
  columns,
  busy,
  empty,
  children,
}: {
  columns: readonly string[];
  busy: boolean;
  empty: boolean;
  children: ReactNode;
}) {
  return (
    <div className="account__table-wrap" tabIndex={0}>
      <table className="account__table" aria-busy={busy}>
        <ColumnHeads ids={columns} />
        <tbody>
          {empty ? (
            <tr>
              <td colSpan={columns.length}>
                <FormattedMessage id="dashboard.tables.empty" />
              </td>
            </tr>
          ) : (
            children
          )}
        </tbody>
      </table>
    </div>
  );
}
