// User tables, their rows, and the per-column indexes that keep row queries fast.
//
// Rows of every table share `table_rows`; each table gets partial expression indexes
// `ON table_rows(table_id, json_extract(data, '$.<col>'), position) WHERE table_id = '<id>'`
// (table_id leads so the planner weighs them against table_rows_position fairly), one per
// non-json column, plus a UNIQUE one per unique column so the database enforces it too. SQLite
// uses a partial index only when the query names the same table id as a literal, so statements
// over one table's rows inline its id; ids are UUIDs this repository generated, and are checked
// to be exactly that before they are written into SQL.
import { randomBytes, randomUUID } from 'node:crypto'
import type { StatementSync } from 'node:sqlite'
import { COLUMN_NAME_PATTERN, type Column } from '../../src-shared/api/index.ts'
import type { Db } from './db.ts'
import { cellSql, compileFilter, compileSort, orderSql, type SqlValue } from './row-query.ts'
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** The table id as an SQL literal (see the module comment). */
function tableLiteral(tableId: string): string {
  if (!UUID.test(tableId)) throw new Error(`not a table id: ${tableId}`)
  return `'${tableId}'`
}

/**
 * A UUIDv7: 48 bits of milliseconds, then random bits. Ids made later sort later, so row
 * inserts append to the primary-key index; within one millisecond a counter keeps them ordered.
 */
let lastMs = 0
let sequence = 0
// One call into the CSPRNG per 256 ids: a 1000-row batch otherwise spends more time getting
// random bytes than inserting.
let pool = Buffer.alloc(0)
let poolAt = 0
function randomChunk(): Buffer {
  if (poolAt + 16 > pool.length) {
    pool = randomBytes(16 * 256)
    poolAt = 0
  }
  poolAt += 16
  return Buffer.from(pool.subarray(poolAt - 16, poolAt))
}
export function uuidv7(nowMs = Date.now()): string {
  if (nowMs > lastMs) {
    lastMs = nowMs
    sequence = 0
  } else if (++sequence > 0xfff) {
    // 4096 ids in one millisecond: borrow the next one, order stays intact.
    lastMs++
    sequence = 0
  }
  const bytes = randomChunk()
  bytes.writeUIntBE(lastMs, 0, 6)
  // 12 bits of sequence after the version nibble (rand_a), then the variant.
  bytes[6] = 0x70 | ((sequence >> 8) & 0x0f)
  bytes[7] = sequence & 0xff
  bytes[8] = 0x80 | ((bytes[8] as number) & 0x3f)
  const h = bytes.toString('hex')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
}

const hex = (text: string) => Buffer.from(text, 'utf8').toString('hex')
/** Index names are case-insensitive in SQLite while column names are not: hex keeps them apart. */
const indexPrefix = (tableId: string) => `trx_${tableId.replace(/-/g, '')}_`
const indexName = (tableId: string, kind: 'o' | 'u', column: Column) =>
  `${indexPrefix(tableId)}${kind}_${hex(column.name)}`

/**
 * The indexes a table's columns want: a UNIQUE one per unique column (the database's own
 * guarantee, which also serves sorts and filters on it), and an ordering index per other
 * column that sorts or filters usefully. Every index costs each insert a B-tree update, so
 * json (documents) and boolean (two values: an index would not narrow a scan) get none.
 */
function wantedIndexes(tableId: string, columns: readonly Column[]): Map<string, string> {
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

/** The JSON path of a column's cell (names are identifiers, so no quoting is needed). */
function pathOf(column: string): string {
  if (!COLUMN_NAME_PATTERN.test(column)) throw new Error(`unsafe column name ${column}`)
  return `$.${column}`
}

/** Columns that get an ordering index. */
const isIndexed = (column: Column) => column.type !== 'json' && column.type !== 'boolean'

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
