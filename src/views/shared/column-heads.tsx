import { FormattedMessage } from 'react-intl';

/** A table's head: one column heading (a message) per id, in order. */
export function ColumnHeads({ ids }: { ids: readonly string[] }) {
  return (
    <thead>
      <tr>
        {ids.map((id) => (
          <th key={id} scope="col">
            <FormattedMessage id={id} />
          </th>
        ))}
      </tr>
    </thead>
  );
}
