// User tables and their rows. Rows of every table share `table_rows`, cells in one JSONB value;
// each table has its own partial indexes (table-indexes.ts), which SQLite uses only when a
// statement names the table id as a literal: statements over one table's rows inline its id,
// a UUID this repository generated, checked to be exactly that before it is written into SQL.
import { randomUUID } from 'node:crypto'
import type { StatementSync } from 'node:sqlite'
import { COLUMN_NAME_PATTERN, type Column } from '../../src-shared/api/index.ts'
import type { Db } from './db.ts'
import { cellSql, compileFilter, compileSort, type SqlValue } from './row-query.ts'
import { indexPrefix, tableLiteral, wantedIndexes } from './table-indexes.ts'
import { uuidv7 } from './uuidv7.ts'
import type { RowFilter, RowSort } from '../../src-shared/api/index.ts'

export interface TableRecord {
  id: string
  workspaceId: string
  name: string
  description: string
  columns: Column[]
  maxRows: number
  rowCount: number
  /** Bumped by every change to the rows or the columns. */
  revision: number
  createdAt: string
  updatedAt: string
  archivedAt: string | null
}

export interface RowRecord {
  id: string
  tableId: string
  position: number
  data: Record<string, unknown>
  createdAt: string
  updatedAt: string
}

type SqlRow = Record<string, unknown>

/** The JSON path of a column's cell (names are identifiers, so no quoting is needed). */
function pathOf(column: string): string {
  if (!COLUMN_NAME_PATTERN.test(column)) throw new Error(`unsafe column name ${column}`)
  return `$.${column}`
}

const toTable = (r: SqlRow): TableRecord => ({
  id: String(r.id),
  workspaceId: String(r.workspace_id),
  name: String(r.name),
  description: String(r.description),
  columns: JSON.parse(String(r.columns)) as Column[],
  maxRows: Number(r.max_rows),
  rowCount: Number(r.row_count),
  revision: Number(r.revision),
  createdAt: String(r.created_at),
  updatedAt: String(r.updated_at),
  archivedAt: r.archived_at == null ? null : String(r.archived_at),
})

const ROW_COLUMNS = 'id, table_id, position, json(data) AS data, created_at, updated_at'

const toRow = (r: SqlRow): RowRecord => ({
  id: String(r.id),
  tableId: String(r.table_id),
  position: Number(r.position),
  data: JSON.parse(String(r.data)) as Record<string, unknown>,
  createdAt: String(r.created_at),
  updatedAt: String(r.updated_at),
})

/** A cell value as SQL sees it through json_extract (booleans are 1/0). */
export function sqlValueOf(value: unknown): SqlValue {
  if (value === null || value === undefined) return null
  if (typeof value === 'boolean') return value ? 1 : 0
  if (typeof value === 'number' || typeof value === 'string') return value
  return JSON.stringify(value)
}

export interface RowListQuery {
  filter?: RowFilter
  sort?: RowSort
  limit: number
  offset: number
}

export function createTablesRepo(db: Db, now: () => string) {
  // Row statements embed a table id, so there is one set per table in use: a small cache,
  // emptied when it fills, instead of db.stmt's unbounded one.
  const dynamic = new Map<string, StatementSync>()
  const prepare = (sql: string): StatementSync => {
    let statement = dynamic.get(sql)
    if (!statement) {
      if (dynamic.size >= 500) dynamic.clear()
      statement = db.raw.prepare(sql)
      dynamic.set(sql, statement)
    }
    return statement
  }
  const counts = new Map<string, number>()

  const repo = {
    create(input: {
      workspaceId: string
      name: string
      description: string
      columns: Column[]
      maxRows: number
      createdBy: string
    }): TableRecord {
      const id = randomUUID()
      const at = now()
      db.stmt(
        `INSERT INTO user_tables (id, workspace_id, name, description, columns, max_rows,
           created_by, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        id,
        input.workspaceId,
        input.name,
        input.description,
        JSON.stringify(input.columns),
        input.maxRows,
        input.createdBy,
        at,
        at,
      )
      repo.syncIndexes(id, input.columns)
      return repo.get(input.workspaceId, id) as TableRecord
    },

    /** An active (not archived) table of the workspace. */
    get(workspaceId: string, id: string): TableRecord | null {
      const row = db
        .stmt('SELECT * FROM user_tables WHERE id = ? AND workspace_id = ? AND archived_at IS NULL')
        .get(id, workspaceId)
      return row ? toTable(row) : null
    },

    findByName(workspaceId: string, name: string): TableRecord | null {
      const row = db
        .stmt(
          `SELECT * FROM user_tables WHERE workspace_id = ? AND name = ? AND archived_at IS NULL`,
        )
        .get(workspaceId, name)
      return row ? toTable(row) : null
    },

    list(workspaceId: string): TableRecord[] {
      return db
        .stmt(
          `SELECT * FROM user_tables WHERE workspace_id = ? AND archived_at IS NULL
           ORDER BY created_at, id`,
        )
        .all(workspaceId)
        .map(toTable)
    },

    archive(id: string): void {
      const at = now()
      db.stmt(
        'UPDATE user_tables SET archived_at = ?, updated_at = ?, revision = revision + 1 WHERE id = ?',
      ).run(at, at, id)
      // Archived tables take no more writes; their indexes would only slow other tables down.
      repo.syncIndexes(id, [])
    },

    setColumns(id: string, columns: Column[]): void {
      db.stmt(
        'UPDATE user_tables SET columns = ?, updated_at = ?, revision = revision + 1 WHERE id = ?',
      ).run(JSON.stringify(columns), now(), id)
      repo.syncIndexes(id, columns)
    },

    /** Creates and drops this table's indexes so there is exactly one per indexed column. */
    syncIndexes(tableId: string, columns: readonly Column[]): void {
      const prefix = indexPrefix(tableId)
      const existing = new Set(
        db
          .stmt(
            `SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'table_rows'
             AND substr(name, 1, ?) = ?`,
          )
          .all(prefix.length, prefix)
          .map((r) => String(r.name)),
      )
      const wanted = wantedIndexes(tableId, columns)
      for (const name of existing) {
        if (!wanted.has(name)) db.raw.exec(`DROP INDEX "${name}"`)
      }
      for (const [name, create] of wanted) {
        if (!existing.has(name)) db.raw.exec(create)
      }
      dynamic.clear()
    },

    // ---- Rows ----

    /** Inserts rows in order with consecutive positions; the caller holds the transaction. */
    insertRows(tableId: string, datas: readonly Record<string, unknown>[]): RowRecord[] {
      const at = now()
      const next = db
        .stmt('SELECT next_position FROM user_tables WHERE id = ?')
        .get(tableId) as SqlRow
      let position = Number(next.next_position)
      const insert = db.stmt(
        `INSERT INTO table_rows (id, table_id, position, data, created_at, updated_at)
         VALUES (?, ?, ?, jsonb(?), ?, ?)`,
      )
      const rows = datas.map((data) => {
        const row: RowRecord = {
          id: uuidv7(),
          tableId,
          position: position++,
          data,
          createdAt: at,
          updatedAt: at,
        }
        insert.run(row.id, tableId, row.position, JSON.stringify(data), at, at)
        return row
      })
      db.stmt(
        `UPDATE user_tables SET next_position = ?, row_count = row_count + ?, updated_at = ?,
           revision = revision + 1 WHERE id = ?`,
      ).run(position, rows.length, at, tableId)
      return rows
    },

    getRow(tableId: string, rowId: string): RowRecord | null {
      const row = db
        .stmt(`SELECT ${ROW_COLUMNS} FROM table_rows WHERE id = ? AND table_id = ?`)
        .get(rowId, tableId)
      return row ? toRow(row) : null
    },

    updateRow(tableId: string, rowId: string, data: Record<string, unknown>): RowRecord {
      const at = now()
      db.stmt(
        'UPDATE table_rows SET data = jsonb(?), updated_at = ? WHERE id = ? AND table_id = ?',
      ).run(JSON.stringify(data), at, rowId, tableId)
      db.stmt('UPDATE user_tables SET updated_at = ?, revision = revision + 1 WHERE id = ?').run(
        at,
        tableId,
      )
      return repo.getRow(tableId, rowId) as RowRecord
    },

    /** Deletes the listed rows of the table; returns the ids that existed. */
    deleteRows(tableId: string, rowIds: readonly string[]): string[] {
      const deleted = db
        .stmt(
          `DELETE FROM table_rows WHERE table_id = ? AND id IN (SELECT value FROM json_each(?))
           RETURNING id`,
        )
        .all(tableId, JSON.stringify(rowIds))
        .map((r) => String(r.id))
      repo.countDeleted(tableId, deleted.length)
      return deleted
    },

    deleteMatching(table: TableRecord, filter: RowFilter): string[] {
      const where = compileFilter(filter, table.columns)
      const deleted = prepare(
        `DELETE FROM table_rows WHERE table_id = ${tableLiteral(table.id)} AND (${where.sql})
         RETURNING id`,
      )
        .all(...where.params)
        .map((r) => String(r.id))
      repo.countDeleted(table.id, deleted.length)
      return deleted
    },

    countDeleted(tableId: string, n: number): void {
      if (n === 0) return
      db.stmt(
        `UPDATE user_tables SET row_count = row_count - ?, updated_at = ?, revision = revision + 1
         WHERE id = ?`,
      ).run(n, now(), tableId)
    },

    /**
     * One page of rows; throws RowQueryError for a filter or sort the table cannot run.
     * `matches` (the filter's count, when known) picks the plan: when plenty of rows match, the
     * page is found fastest by walking the sort order's index and testing rows as they come,
     * so the filter is kept off the indexes; a rare match is best found through them.
     */
    listRows(table: TableRecord, q: RowListQuery, matches?: number): RowRecord[] {
      const plentiful = matches !== undefined && matches > 4 * (q.offset + q.limit)
      const where = compileFilter(q.filter, table.columns, { indexed: !plentiful })
      const order = compileSort(q.sort, table.columns)
      return prepare(
        `SELECT ${ROW_COLUMNS} FROM table_rows WHERE table_id = ${tableLiteral(table.id)}
         AND (${where.sql}) ORDER BY ${order} LIMIT ? OFFSET ?`,
      )
        .all(...where.params, q.limit, q.offset)
        .map(toRow)
    },

    /**
     * Rows matching a filter. Counting is the costly half of a filtered page (every match is
     * visited), and paging asks the same question again and again: answers are kept per table
     * revision, so they stay exact and are reused until the table changes.
     */
    countRows(table: TableRecord, filter: RowFilter): number {
      const key = `${table.id}\n${table.revision}\n${JSON.stringify(filter)}`
      const known = db.raw.isTransaction ? undefined : counts.get(key)
      if (known !== undefined) return known
      const where = compileFilter(filter, table.columns)
      const row = prepare(
        `SELECT count(*) AS n FROM table_rows WHERE table_id = ${tableLiteral(table.id)}
         AND (${where.sql})`,
      ).get(...where.params) as SqlRow
      // Inside a write transaction the rows may be changed and then rolled back together with
      // the revision: such a count must not outlive it.
      if (!db.raw.isTransaction) {
        if (counts.size >= 1000) counts.clear()
        counts.set(key, Number(row.n))
      }
      return Number(row.n)
    },

    /** Rows whose `column` holds one of `values` (exact match; served by the unique index). */
    findByValues(
      tableId: string,
      column: string,
      values: readonly SqlValue[],
    ): { id: string; value: SqlValue }[] {
      if (values.length === 0) return []
      const cell = cellSql(column)
      return prepare(
        `SELECT id, ${cell} AS v FROM table_rows WHERE table_id = ${tableLiteral(tableId)}
         AND ${cell} IN (SELECT value FROM json_each(?))`,
      )
        .all(JSON.stringify(values))
        .map((r) => ({ id: String(r.id), value: r.v as SqlValue }))
    },

    /** Values of `column` held by more than one row (for turning `unique` on). */
    duplicateValues(tableId: string, column: string, limit: number): SqlValue[] {
      const cell = cellSql(column)
      return prepare(
        `SELECT ${cell} AS v FROM table_rows WHERE table_id = ${tableLiteral(tableId)}
         AND ${cell} IS NOT NULL GROUP BY v HAVING count(*) > 1 LIMIT ?`,
      )
        .all(limit)
        .map((r) => r.v as SqlValue)
    },

    /** Every row's value of one column, in position order (for checking a column change). */
    *cells(
      tableId: string,
      column: string,
    ): Generator<{ id: string; position: number; value: unknown }> {
      const statement = db.raw.prepare(
        `SELECT id, position, json_extract(data, ?) AS v, json_type(data, ?) AS t
         FROM table_rows WHERE table_id = ? ORDER BY position`,
      )
      const path = pathOf(column)
      for (const r of statement.iterate(path, path, tableId)) {
        yield { id: String(r.id), position: Number(r.position), value: decodeCell(r.v, r.t) }
      }
    },

    /** Moves every row's `from` cell to `to` (a column rename). */
    renameKey(tableId: string, from: string, to: string): void {
      const at = now()
      db.raw
        .prepare(
          `UPDATE table_rows SET data = jsonb_remove(jsonb_set(data, ?, data -> ?), ?),
             updated_at = ? WHERE table_id = ? AND json_type(data, ?) IS NOT NULL`,
        )
        .run(pathOf(to), pathOf(from), pathOf(from), at, tableId, pathOf(from))
    },

    /** Removes a cell from every row (a dropped column). */
    removeKey(tableId: string, key: string): void {
      db.raw
        .prepare(
          `UPDATE table_rows SET data = jsonb_remove(data, ?), updated_at = ?
           WHERE table_id = ? AND json_type(data, ?) IS NOT NULL`,
        )
        .run(pathOf(key), now(), tableId, pathOf(key))
    },

    /** Sets one cell of the listed rows (converted values after a type change). */
    setCells(
      tableId: string,
      key: string,
      updates: readonly { id: string; value: unknown }[],
    ): void {
      const statement = db.raw.prepare(
        `UPDATE table_rows SET data = jsonb_set(data, ?, json(?)), updated_at = ?
         WHERE id = ? AND table_id = ?`,
      )
      const at = now()
      for (const u of updates) {
        statement.run(pathOf(key), JSON.stringify(u.value), at, u.id, tableId)
      }
    },
  }
  return repo
}

/** json_extract turns JSON true/false into 1/0 and arrays/objects into text; json_type tells. */
function decodeCell(value: unknown, type: unknown): unknown {
  switch (type) {
    case null:
    case undefined:
    case 'null':
      return null
    case 'true':
      return true
    case 'false':
      return false
    case 'object':
    case 'array':
      return JSON.parse(String(value))
    default:
      return value
  }
}

export type TablesRepo = ReturnType<typeof createTablesRepo>
