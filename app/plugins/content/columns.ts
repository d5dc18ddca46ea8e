/** The Columns rendering's placeholders, in the order they are drawn (React-free: its manifest reads them too). */
export const COLUMN_PLACEHOLDERS = ['column-1', 'column-2'] as const;
