import { useActorRef, useSelector } from '@xstate/react';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { adminTableMachine, type AdminTableName } from '#machines/staff/admin-table.machine.ts';
import { langFromTag } from '#domain/language.ts';
import { useI18n } from '../../i18n/use-i18n.ts';
import { COLUMNS } from './admin-table-columns.tsx';
import { DashboardPage } from './dashboard-page.tsx';

export type AdminTableActor = ActorRefFrom<typeof adminTableMachine>;

/** A staff table: search, paging and sorting asked of the server; row actions per table. */
export function AdminTable({ table, q }: { table: AdminTableName; q?: string | undefined }) {
  const { lang } = useI18n();
  const actor = useActorRef(adminTableMachine, { input: { table, lang, q: q ?? '' } });
  return <AdminTableView actor={actor} />;
}

/** A staff page that is one admin table (`q` starts it searched). */
export function AdminTablePage({
  table,
  introId,
  q,
}: {
  table: AdminTableName;
  introId: string;
  q?: string | undefined;
}) {
  return (
    <DashboardPage introId={introId}>
      <AdminTable table={table} q={q} />
    </DashboardPage>
  );
}

/** The table of a running admin-table actor (its chart decides what is shown). */
export function AdminTableView({ actor }: { actor: AdminTableActor }) {
  const intl = useIntl();
  const id = useId();
  const s = useSelector(actor, (snapshot) => snapshot);
  const { data, query } = s.context;
  // Cells in the page's language as it is now (`intl`): a switch in the page re-renders the
  // dates at once; the actor's `lang` is the language the table was first asked in.
  const lang = langFromTag(intl.locale) ?? s.context.lang;
  const reload = () => actor.send({ type: 'flow.changed' });
  const columns = COLUMNS[s.context.table];
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <div className="admin-table" aria-busy={s.hasTag('busy')}>
      <div className="admin-table__toolbar">
        <label htmlFor={`${id}-q`}>
          <FormattedMessage id="dashboard.tables.search" />
        </label>
        <input
          id={`${id}-q`}
          type="search"
          value={query.q}
          onChange={(event) => actor.send({ type: 'user.search', q: event.target.value })}
        />
        {data ? (
          <p role="status" className="admin-table__count">
            <FormattedMessage id="dashboard.tables.count" values={{ total: data.total }} />
          </p>
        ) : null}
      </div>
      {s.matches('failed') || s.matches({ ready: 'failed' }) ? (
        <p role="alert">
          <FormattedMessage id="dashboard.tables.failed" />{' '}
          <button
            type="button"
            className="button button--small"
            onClick={() => actor.send({ type: 'user.retry' })}
          >
            <FormattedMessage id="account.area.retry" />
          </button>
        </p>
      ) : null}
      {data ? (
        // A phone shows each row as labelled lines (app.css); wider screens a table that scrolls
        // sideways when it must: focusable, so the keyboard can scroll it too.
        <div className="account__table-wrap" tabIndex={0}>
          <table className="account__table">
            <thead>
              <tr>
                {columns.map((column) => (
                  <th
                    key={column.key}
                    scope="col"
                    aria-sort={
                      data.sort === column.key
                        ? data.dir === 'asc'
                          ? 'ascending'
                          : 'descending'
                        : undefined
                    }
                  >
                    {column.sortable ? (
                      <button
                        type="button"
                        className="admin-table__sort"
                        onClick={() => actor.send({ type: 'user.sort', column: column.key })}
                      >
                        <FormattedMessage id={column.labelId} />
                        {data.sort === column.key ? (data.dir === 'asc' ? ' ↑' : ' ↓') : ''}
                      </button>
                    ) : (
                      <FormattedMessage id={column.labelId} />
                    )}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.rows.length === 0 ? (
                <tr>
                  <td colSpan={columns.length}>
                    <FormattedMessage id="dashboard.tables.empty" />
                  </td>
                </tr>
              ) : (
                data.rows.map((row, index) => (
                  <tr key={String(row.id ?? row.number ?? index)}>
                    {columns.map((column) => (
                      // data-label: the column's name before the value where a phone stacks the row
                      <td key={column.key} data-label={intl.formatMessage({ id: column.labelId })}>
                        {column.render(row, lang, reload)}
                      </td>
                    ))}
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      ) : null}
      {data && pages > 1 ? (
        <nav
          className="admin-table__pages"
          aria-label={intl.formatMessage({ id: 'dashboard.tables.paging' })}
        >
          <button
            type="button"
            className="button button--small button--ghost"
            disabled={data.page <= 1}
            onClick={() => actor.send({ type: 'user.page', page: data.page - 1 })}
          >
            <FormattedMessage id="dashboard.tables.previous" />
          </button>
          <span>
            <FormattedMessage id="dashboard.tables.pageOf" values={{ page: data.page, pages }} />
          </span>
          <button
            type="button"
            className="button button--small button--ghost"
            disabled={data.page >= pages}
            onClick={() => actor.send({ type: 'user.page', page: data.page + 1 })}
          >
            <FormattedMessage id="dashboard.tables.next" />
          </button>
        </nav>
      ) : null}
    </div>
  );
}
