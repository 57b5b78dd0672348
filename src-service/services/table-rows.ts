// Table rows: list (filter, sort, offset paging), get, insert one or a batch, update, upsert,
// delete one or many. Every write is checked against the schema (types, required, unique —
// also within a batch — and maxRows) inside the transaction that performs it, so a batch is
// all or nothing. Refusals are 400s: a single row's `details` are sentences naming the column,
// a batch's are `{row: <index in the batch>, errors: [...]}` (API-NOTES).
import type {
  ListRowsQuery,
  Row,
  RowErrorDetail,
  UpsertRowBody,
} from '../../src-shared/api/index.ts'
import type { WorkspaceAccess } from '../auth/access.ts'
import { transaction } from '../store/index.ts'
import type { User } from '../store/identity-repo.ts'
import { RowQueryError } from '../store/row-query.ts'
import { sqlValueOf, type RowRecord, type TableRecord } from '../store/tables-repo.ts'
import { recordAudit } from './audit.ts'
import type { ServiceContext } from './context.ts'
import { invalid, notFound } from './errors.ts'
import { checkRow, inSchemaOrder, missingRequired } from './row-validation.ts'
import { requireTable } from './tables.ts'

/** The spec's Row; cells in schema order (a renamed column's cells were moved to the end). */
export function rowView(table: TableRecord, r: RowRecord): Row {
  return {
    id: r.id,
    data: inSchemaOrder(table.columns, r.data),
    position: r.position,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  }
}

/** Runs a store call that compiles a filter or sort, turning a bad one into a 400. */
function withQuery<T>(run: () => T): T {
  try {
    return run()
  } catch (error) {
    if (!(error instanceof RowQueryError)) throw error
    const path = error.path.map(String)
    throw invalid(`${path.join('.')}: ${error.message}`, [
      { code: 'custom', path, message: error.message },
    ])
  }
}

export function listRows(
  ctx: ServiceContext,
  access: WorkspaceAccess,
  tableId: string,
  q: Omit<ListRowsQuery, 'workspaceId'>,
) {
  const table = requireTable(ctx, access, tableId)
  const { tables } = ctx.store
  // Without a filter the table's own counter is the total: no count over 100k rows.
  const filter = q.filter
  const totalCount = filter ? withQuery(() => tables.countRows(table, filter)) : table.rowCount
  const rows = withQuery(() => tables.listRows(table, q, filter ? totalCount : undefined))
  return {
    rows: rows.map((r) => rowView(table, r)),
    rowCount: rows.length,
    totalCount,
    limit: q.limit,
    offset: q.offset,
  }
}

function requireRow(ctx: ServiceContext, table: TableRecord, rowId: string): RowRecord {
  const row = ctx.store.tables.getRow(table.id, rowId)
  if (!row) throw notFound('Row')
  return row
}

export function getRow(
  ctx: ServiceContext,
  access: WorkspaceAccess,
  tableId: string,
  rowId: string,
) {
  const table = requireTable(ctx, access, tableId)
  return { row: rowView(table, requireRow(ctx, table, rowId)) }
}

// ---- Checks shared by the writes ----

const describe = (value: unknown) => {
  const text = JSON.stringify(value) ?? String(value)
  return text.length > 60 ? `${text.slice(0, 57)}...` : text
}

/**
 * Unique-column clashes of the candidate rows, with each other and with stored rows (other
 * than `except`, the row being updated). Returns problems by candidate index.
 */
function uniqueProblems(
  ctx: ServiceContext,
  table: TableRecord,
  candidates: readonly Record<string, unknown>[],
  except?: string,
  batch = true,
): Map<number, string[]> {
  const problems = new Map<number, string[]>()
  const add = (i: number, message: string) => problems.set(i, [...(problems.get(i) ?? []), message])
  for (const column of table.columns.filter((c) => c.unique)) {
    const first = new Map<unknown, number>()
    candidates.forEach((data, i) => {
      if (!Object.hasOwn(data, column.name)) return
      const value = sqlValueOf(data[column.name])
      if (value === null) return
      const earlier = first.get(value)
      if (earlier === undefined) first.set(value, i)
      else
        add(
          i,
          `${column.name}: ${describe(data[column.name])} is also in row ${earlier} of this batch`,
        )
    })
    const taken = new Set(
      ctx.store.tables
        .findByValues(table.id, column.name, [...first.keys()] as ReturnType<typeof sqlValueOf>[])
        .filter((found) => found.id !== except)
        .map((found) => found.value),
    )
    if (taken.size === 0) continue
    candidates.forEach((data, i) => {
      const value = Object.hasOwn(data, column.name) ? sqlValueOf(data[column.name]) : null
      if (value !== null && taken.has(value) && first.get(value) === i) {
        add(
          i,
          `${column.name}: ${describe(data[column.name])} already exists${batch ? ' in the table' : ''} (unique column)`,
        )
      }
    })
  }
  return problems
}

function checkRoom(table: TableRecord, adding: number, batch: boolean): void {
  if (table.rowCount + adding <= table.maxRows) return
  const message = `The table is full: it holds at most ${table.maxRows} rows and has ${table.rowCount}`
  const firstRefused = Math.max(0, table.maxRows - table.rowCount)
  throw invalid(message, batch ? [{ row: firstRefused, errors: [message] }] : [message])
}

function refuseRow(errors: string[]): never {
  throw invalid(`The row does not fit the table: ${errors[0]}`, errors)
}

function audit(
  ctx: ServiceContext,
  actor: User,
  table: TableRecord,
  action: string,
  metadata: Record<string, unknown>,
) {
  recordAudit(ctx, actor, {
    action,
    resourceType: 'table',
    resourceId: table.id,
    workspaceId: table.workspaceId,
    metadata: { tableName: table.name, ...metadata },
  })
}

// ---- Insert ----

function insertOne(
  ctx: ServiceContext,
  actor: User,
  table: TableRecord,
  data: Record<string, unknown>,
  metadata: Record<string, unknown> = {},
) {
  const checked = checkRow(table.columns, data, 'whole')
  if (checked.errors.length) refuseRow(checked.errors)
  const clashes = uniqueProblems(ctx, table, [checked.data], undefined, false).get(0)
  if (clashes) refuseRow(clashes)
  checkRoom(table, 1, false)
  const [row] = ctx.store.tables.insertRows(table.id, [checked.data]) as [RowRecord]
  audit(ctx, actor, table, 'table.row.created', { rowId: row.id, ...metadata })
  return row
}

export function insertRows(
  ctx: ServiceContext,
  actor: User,
  access: WorkspaceAccess,
  tableId: string,
  input: { data?: Record<string, unknown>; rows?: Record<string, unknown>[] },
) {
  return transaction(ctx.store.db, () => {
    const table = requireTable(ctx, access, tableId)
    if (input.rows === undefined) {
      const row = insertOne(ctx, actor, table, input.data ?? {})
      return { row: rowView(table, row), message: 'Row inserted' }
    }
    const checked = input.rows.map((data) => checkRow(table.columns, data, 'whole'))
    const clashes = uniqueProblems(
      ctx,
      table,
      checked.map((c) => c.data),
    )
    const details: RowErrorDetail[] = []
    checked.forEach((c, row) => {
      const errors = [...c.errors, ...(clashes.get(row) ?? [])]
      if (errors.length) details.push({ row, errors })
    })
    if (details.length) {
      const [first] = details as [RowErrorDetail]
      throw invalid(
        `${details.length} of ${checked.length} rows were refused, so none was inserted ` +
          `(row ${first.row}: ${first.errors[0]})`,
        details,
      )
    }
    checkRoom(table, checked.length, true)
    const rows = ctx.store.tables.insertRows(
      table.id,
      checked.map((c) => c.data),
    )
    audit(ctx, actor, table, 'table.rows.created', {
      insertedCount: rows.length,
      firstPosition: rows[0]?.position,
    })
    return {
      rows: rows.map((r) => rowView(table, r)),
      insertedCount: rows.length,
      message: `${rows.length} rows inserted`,
    }
  })
}

// ---- Update, upsert ----

function updateExisting(
  ctx: ServiceContext,
  actor: User,
  table: TableRecord,
  row: RowRecord,
  changes: Record<string, unknown>,
  metadata: Record<string, unknown> = {},
) {
  const checked = checkRow(table.columns, changes, 'partial')
  if (checked.errors.length) refuseRow(checked.errors)
  const merged = inSchemaOrder(table.columns, { ...row.data, ...checked.data })
  const missing = missingRequired(table.columns, merged)
  if (missing.length) refuseRow(missing)
  const clashes = uniqueProblems(ctx, table, [checked.data], row.id, false).get(0)
  if (clashes) refuseRow(clashes)
  const updated = ctx.store.tables.updateRow(table.id, row.id, merged)
  audit(ctx, actor, table, 'table.row.updated', {
    rowId: row.id,
    columns: Object.keys(checked.data),
    ...metadata,
  })
  return updated
}

export function updateRow(
  ctx: ServiceContext,
  actor: User,
  access: WorkspaceAccess,
  tableId: string,
  rowId: string,
  data: Record<string, unknown>,
) {
  return transaction(ctx.store.db, () => {
    const table = requireTable(ctx, access, tableId)
    const row = requireRow(ctx, table, rowId)
    return {
      row: rowView(table, updateExisting(ctx, actor, table, row, data)),
      message: 'Row updated',
    }
  })
}

/** The unique column an upsert matches on (see API-NOTES: "needs a unique column"). */
function conflictColumn(table: TableRecord, data: Record<string, unknown>, target?: string) {
  const unique = table.columns.filter((c) => c.unique)
  const issue = (path: string, message: string) =>
    invalid(`${path}: ${message}`, [{ code: 'custom', path: [path], message }])
  if (target !== undefined) {
    const column = table.columns.find((c) => c.name === target)
    if (!column) throw issue('conflictTarget', `No column named "${target}"`)
    if (!column.unique) throw issue('conflictTarget', `${target} is not a unique column`)
    return column
  }
  if (unique.length === 0) {
    throw invalid('Upsert needs a unique column to match rows on, and this table has none')
  }
  if (unique.length === 1) return unique[0] as (typeof unique)[number]
  const given = unique.filter((c) => data[c.name] !== undefined && data[c.name] !== null)
  if (given.length === 1) return given[0] as (typeof unique)[number]
  throw issue(
    'conflictTarget',
    `The table has several unique columns (${unique.map((c) => c.name).join(', ')}): name the one to match on`,
  )
}

export function upsertRow(
  ctx: ServiceContext,
  actor: User,
  access: WorkspaceAccess,
  tableId: string,
  input: Pick<UpsertRowBody, 'data' | 'conflictTarget'>,
) {
  return transaction(ctx.store.db, () => {
    const table = requireTable(ctx, access, tableId)
    const target = conflictColumn(table, input.data, input.conflictTarget)
    const checked = checkRow(
      [target],
      { [target.name]: input.data[target.name] ?? null },
      'partial',
    )
    const key = checked.data[target.name]
    if (checked.errors.length) refuseRow(checked.errors)
    if (key === null || key === undefined) {
      refuseRow([`${target.name}: an upsert needs a value in the column it matches on`])
    }
    const [match] = ctx.store.tables.findByValues(table.id, target.name, [sqlValueOf(key)])
    if (match) {
      const row = requireRow(ctx, table, match.id)
      const updated = updateExisting(ctx, actor, table, row, input.data, {
        upsert: true,
        conflictTarget: target.name,
      })
      return { row: rowView(table, updated), operation: 'update' as const, message: 'Row updated' }
    }
    const row = insertOne(ctx, actor, table, input.data, {
      upsert: true,
      conflictTarget: target.name,
    })
    return { row: rowView(table, row), operation: 'insert' as const, message: 'Row inserted' }
  })
}

// ---- Delete ----

export function deleteRow(
  ctx: ServiceContext,
  actor: User,
  access: WorkspaceAccess,
  tableId: string,
  rowId: string,
) {
  return transaction(ctx.store.db, () => {
    const table = requireTable(ctx, access, tableId)
    const deleted = ctx.store.tables.deleteRows(table.id, [rowId])
    if (deleted.length === 0) throw notFound('Row')
    audit(ctx, actor, table, 'table.row.deleted', { rowId })
    return { message: 'Row deleted', deletedCount: 1 }
  })
}

/** Audit metadata keeps at most this many ids of a mass delete. */
const AUDITED_IDS = 100

export function deleteRows(
  ctx: ServiceContext,
  actor: User,
  access: WorkspaceAccess,
  tableId: string,
  input: { rowIds?: string[]; filter?: ListRowsQuery['filter'] },
) {
  return transaction(ctx.store.db, () => {
    const table = requireTable(ctx, access, tableId)
    const { tables } = ctx.store
    const deleted = input.rowIds
      ? tables.deleteRows(table.id, input.rowIds)
      : withQuery(() => tables.deleteMatching(table, input.filter ?? {}))
    if (deleted.length > 0) {
      audit(ctx, actor, table, 'table.rows.deleted', {
        deletedCount: deleted.length,
        rowIds: deleted.slice(0, AUDITED_IDS),
        by: input.rowIds ? 'rowIds' : 'filter',
      })
    }
    return {
      message: `${deleted.length} row(s) deleted`,
      deletedCount: deleted.length,
      deletedRowIds: deleted,
    }
  })
}
