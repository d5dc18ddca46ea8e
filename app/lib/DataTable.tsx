import type { AriaAttributes, ReactNode } from 'react';

export interface Column<Row> {
  /** The column's head (`th scope="col"`); a table none of whose columns has one has no `thead`. */
  header?: ReactNode;
  /** The head cell's sort state, for a column the visitor can sort by. */
  sort?: AriaAttributes['aria-sort'];
  cell: (row: Row, index: number) => ReactNode;
  /** The cell that names its row (`th scope="row"`), so a screen reader announces it with each value. */
  rowHeader?: boolean;
  className?: string;
}

/**
 * Every table of rows on the site: catalogue parameters and part lists, the design center's data
 * tables, stock and price tables, contacts, locations, sample requests and the portal's documents.
 * Heads are column headers, the naming cell of a row is a row header, and a wide table scrolls
 * inside its own box instead of widening the page.
 */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  className,
  caption,
  rowProps,
  // A wide table scrolls inside its own box, never widening the page (a phone at 412 px, issue 31).
  scroll = true,
}: {
  columns: ReadonlyArray<Column<Row> | false | null | undefined>;
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => string | number;
  className: string;
  caption?: ReactNode;
  /** An anchor (`id`) or a state (`className`) of a row. */
  rowProps?: (row: Row, index: number) => { id?: string; className?: string | undefined };
  scroll?: boolean;
}) {
  const shown = columns.filter((column): column is Column<Row> => Boolean(column));
  const table = (
    <table className={className}>
      {caption ? <caption>{caption}</caption> : null}
      {shown.some((column) => column.header !== undefined) ? (
        <thead>
          <tr>
            {shown.map((column, index) => (
              <th scope="col" key={index} aria-sort={column.sort}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
      ) : null}
      <tbody>
        {rows.map((row, rowIndex) => (
          <tr key={rowKey(row, rowIndex)} {...rowProps?.(row, rowIndex)}>
            {shown.map((column, index) =>
              column.rowHeader ? (
                <th scope="row" key={index} className={column.className}>
                  {column.cell(row, rowIndex)}
                </th>
              ) : (
                <td key={index} className={column.className}>
                  {column.cell(row, rowIndex)}
                </td>
              )
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
  return scroll ? <div className="table-scroll">{table}</div> : table;
}

/** A parameter and its value per row, the value right-aligned as a number. */
export function ParameterTable({ rows }: { rows: ReadonlyArray<{ key: string; label: ReactNode; value: ReactNode }> }) {
  return (
    <DataTable
      className="parameter-table"
      rows={rows}
      rowKey={(row) => row.key}
      columns={[
        { rowHeader: true, cell: (row) => row.label },
        { className: 'num', cell: (row) => row.value },
      ]}
    />
  );
}
