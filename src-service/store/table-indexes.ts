// The per-table, per-column partial indexes over `table_rows`:
// `ON table_rows(table_id, json_extract(data, '$.<col>'), position) WHERE table_id = '<id>'`
// (table_id leads so the planner weighs them fairly against table_rows_position), plus a
// UNIQUE one per unique column so the database enforces uniqueness too.
import type { Column } from '../../src-shared/api/index.ts'
import { cellSql, orderSql } from './row-query.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** The table id as an SQL literal: only a literal lets SQLite match a partial index. */
export function tableLiteral(tableId: string): string {
  if (!UUID.test(tableId)) throw new Error(`not a table id: ${tableId}`)
  return `'${tableId}'`
}

const hex = (text: string) => Buffer.from(text, 'utf8').toString('hex')
/** Index names are case-insensitive in SQLite while column names are not: hex keeps them apart. */
export const indexPrefix = (tableId: string) => `trx_${tableId.replace(/-/g, '')}_`
const indexName = (tableId: string, kind: 'o' | 'u', column: Column) =>
  `${indexPrefix(tableId)}${kind}_${hex(column.name)}`

/**
 * The indexes a table's columns want: a UNIQUE one per unique column (the database's own
 * guarantee, which also serves sorts and filters on it), and an ordering index per other
 * column that sorts or filters usefully. Every index costs each insert a B-tree update, so
 * json (documents) and boolean (two values: an index would not narrow a scan) get none.
 */
export function wantedIndexes(tableId: string, columns: readonly Column[]): Map<string, string> {
  const scope = `WHERE table_id = ${tableLiteral(tableId)}`
  const wanted = new Map<string, string>()
  for (const column of columns) {
    if (column.unique) {
      const unique = indexName(tableId, 'u', column)
      wanted.set(
        unique,
        `CREATE UNIQUE INDEX "${unique}" ON table_rows(table_id, ${cellSql(column.name)}) ${scope}`,
      )
    }
    // A unique column's own index orders it, except dates, which order by julianday().
    if (!isIndexed(column) || (column.unique && column.type !== 'date')) continue
    const ordering = indexName(tableId, 'o', column)
    wanted.set(
      ordering,
      `CREATE INDEX "${ordering}" ON table_rows(table_id, ${orderSql(column)}, position) ${scope}`,
    )
  }
  return wanted
}

/** Columns that get an ordering index. */
const isIndexed = (column: Column) => column.type !== 'json' && column.type !== 'boolean'
