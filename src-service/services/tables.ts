// Tables and their columns: list, create, get, archive, add / change / drop a column. Rows are
// in table-rows.ts. Callers pass an authorized WorkspaceAccess; a table id from another
// workspace (or an archived one) is simply not found.
import type {
  AddColumnBody,
  Column,
  ColumnInput,
  ColumnUpdates,
  CreateTableBody,
  Table,
} from '../../src-shared/api/index.ts'
import type { WorkspaceAccess } from '../auth/access.ts'
import { transaction } from '../store/index.ts'
import type { User } from '../store/identity-repo.ts'
import type { TableRecord } from '../store/tables-repo.ts'
import { recordAudit } from './audit.ts'
import type { ServiceContext } from './context.ts'
import { ServiceError, invalid, notFound } from './errors.ts'
import { convertCell } from './row-validation.ts'

/** The spec's Table shape. */
export function tableView(t: TableRecord): Table {
  return {
    id: t.id,
    name: t.name,
    description: t.description,
    schema: { columns: t.columns.map(columnView) },
    rowCount: t.rowCount,
    maxRows: t.maxRows,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
  }
}

function columnView(c: Column): Column {
  return {
    name: c.name,
    type: c.type,
    required: c.required,
    unique: c.unique,
    ...(c.options === undefined ? {} : { options: c.options }),
    ...(c.currencyCode === undefined ? {} : { currencyCode: c.currencyCode }),
  }
}

/** A column as stored: defaults applied, extras only where the type has them. */
function toColumn(input: ColumnInput): Column {
  return columnView({
    name: input.name,
    type: input.type,
    required: input.required,
    unique: input.unique,
    options: input.type === 'select' ? input.options : undefined,
    currencyCode: input.type === 'currency' ? (input.currencyCode ?? 'USD') : undefined,
  })
}

/** json cells are documents: no index, so no uniqueness either. */
function checkUniqueAllowed(column: Column, path: string[]): void {
  if (column.unique && column.type === 'json') {
    throw invalid(`${path.join('.')}: a json column cannot be unique`, [
      { code: 'custom', path, message: 'A json column cannot be unique' },
    ])
  }
}

export function requireTable(ctx: ServiceContext, access: WorkspaceAccess, tableId: string) {
  const table = ctx.store.tables.get(access.workspace.id, tableId)
  if (!table) throw notFound('Table')
  return table
}

export function listTables(ctx: ServiceContext, access: WorkspaceAccess) {
  const tables = ctx.store.tables.list(access.workspace.id).map(tableView)
  return { tables, totalCount: tables.length }
}

export function getTable(ctx: ServiceContext, access: WorkspaceAccess, tableId: string) {
  return { table: tableView(requireTable(ctx, access, tableId)) }
}

export function createTable(
  ctx: ServiceContext,
  actor: User,
  access: WorkspaceAccess,
  input: Omit<CreateTableBody, 'workspaceId'>,
) {
  const columns = input.schema.columns.map(toColumn)
  columns.forEach((c, i) => checkUniqueAllowed(c, ['schema', 'columns', String(i), 'unique']))
  const workspaceId = access.workspace.id
  return transaction(ctx.store.db, () => {
    if (ctx.store.tables.findByName(workspaceId, input.name)) {
      throw new ServiceError('conflict', `A table named "${input.name}" already exists`)
    }
    const table = ctx.store.tables.create({
      workspaceId,
      name: input.name,
      description: input.description ?? '',
      columns,
      maxRows: ctx.tableMaxRows,
      createdBy: actor.id,
    })
    recordAudit(ctx, actor, {
      action: 'table.created',
      resourceType: 'table',
      resourceId: table.id,
      workspaceId,
      metadata: { name: table.name, columns: columns.map((c) => c.name) },
    })
    return { table: tableView(table), message: `Table ${table.name} created` }
  })
}

export function archiveTable(
  ctx: ServiceContext,
  actor: User,
  access: WorkspaceAccess,
  tableId: string,
) {
  return transaction(ctx.store.db, () => {
    const table = requireTable(ctx, access, tableId)
    ctx.store.tables.archive(table.id)
    recordAudit(ctx, actor, {
      action: 'table.deleted',
      resourceType: 'table',
      resourceId: table.id,
      workspaceId: table.workspaceId,
      metadata: { name: table.name, rowCount: table.rowCount, archived: true },
    })
    return { table: tableView(table), message: `Table ${table.name} archived` }
  })
}

// ---- Columns ----

function columnChanged(
  ctx: ServiceContext,
  actor: User,
  table: TableRecord,
  columns: Column[],
  metadata: Record<string, unknown>,
) {
  ctx.store.tables.setColumns(table.id, columns)
  recordAudit(ctx, actor, {
    action: 'table.updated',
    resourceType: 'table',
    resourceId: table.id,
    workspaceId: table.workspaceId,
    metadata: { name: table.name, ...metadata },
  })
  return { columns: columns.map(columnView) }
}

const columnIssue = (path: string[], message: string) =>
  invalid(`${path.join('.')}: ${message}`, [{ code: 'custom', path, message }])

export function addColumn(
  ctx: ServiceContext,
  actor: User,
  access: WorkspaceAccess,
  tableId: string,
  input: Pick<AddColumnBody, 'column' | 'position'>,
) {
  const column = toColumn(input.column)
  checkUniqueAllowed(column, ['column', 'unique'])
  return transaction(ctx.store.db, () => {
    const table = requireTable(ctx, access, tableId)
    if (table.columns.some((c) => c.name === column.name)) {
      throw new ServiceError('conflict', `The table already has a column named "${column.name}"`)
    }
    if (column.required && table.rowCount > 0) {
      throw columnIssue(
        ['column', 'required'],
        `A required column needs a value in every row, and the table has ${table.rowCount} rows`,
      )
    }
    const columns = [...table.columns]
    const at = Math.min(input.position ?? columns.length, columns.length)
    columns.splice(at, 0, column)
    return columnChanged(ctx, actor, table, columns, {
      change: 'column.added',
      column: column.name,
      position: at,
    })
  })
}

export function updateColumn(
  ctx: ServiceContext,
  actor: User,
  access: WorkspaceAccess,
  tableId: string,
  input: { columnName: string; updates: ColumnUpdates },
) {
  return transaction(ctx.store.db, () => {
    const table = requireTable(ctx, access, tableId)
    const index = table.columns.findIndex((c) => c.name === input.columnName)
    const before = table.columns[index]
    if (!before) throw columnIssue(['columnName'], `No column named "${input.columnName}"`)
    const after = mergeColumn(before, input.updates)
    if (after.name !== before.name && table.columns.some((c) => c.name === after.name)) {
      throw new ServiceError('conflict', `The table already has a column named "${after.name}"`)
    }
    checkUniqueAllowed(after, ['updates', 'unique'])

    const columns = table.columns.map((c, i) => (i === index ? after : c))
    if (after.name !== before.name) ctx.store.tables.renameKey(table.id, before.name, after.name)
    const typeChanged =
      after.type !== before.type || JSON.stringify(after.options) !== JSON.stringify(before.options)
    if (typeChanged) convertColumn(ctx, table, after)
    if (after.required && !before.required) checkNoEmptyCells(ctx, table, columns, after)
    if (after.unique && (!before.unique || typeChanged)) checkNoDuplicates(ctx, table, after)
    return columnChanged(ctx, actor, table, columns, {
      change: 'column.updated',
      column: before.name,
      updates: input.updates,
    })
  })
}

/** The column after `updates`; extras follow the type (a select keeps its options...). */
function mergeColumn(before: Column, updates: ColumnUpdates): Column {
  const type = updates.type ?? before.type
  const options = updates.options ?? before.options
  if (type === 'select' && !options) {
    throw columnIssue(['updates', 'options'], 'A select column needs options')
  }
  if (updates.options && type !== 'select') {
    throw columnIssue(['updates', 'options'], 'Only select columns have options')
  }
  if (updates.currencyCode && type !== 'currency') {
    throw columnIssue(['updates', 'currencyCode'], 'Only currency columns have a currencyCode')
  }
  return columnView({
    name: updates.name ?? before.name,
    type,
    required: updates.required ?? before.required,
    unique: updates.unique ?? before.unique,
    options: type === 'select' ? options : undefined,
    currencyCode:
      type === 'currency' ? (updates.currencyCode ?? before.currencyCode ?? 'USD') : undefined,
  })
}

const MAX_LISTED = 20

/** Converts every stored cell for the new type, or refuses naming the rows that do not fit. */
function convertColumn(ctx: ServiceContext, table: TableRecord, column: Column): void {
  const updates: { id: string; value: unknown }[] = []
  const problems: string[] = []
  let failed = 0
  for (const cell of ctx.store.tables.cells(table.id, column.name)) {
    if (cell.value === null) continue
    const converted = convertCell(cell.value, column)
    if (converted === undefined) {
      if (++failed <= MAX_LISTED) {
        problems.push(`Row at position ${cell.position}: ${JSON.stringify(cell.value)}`)
      }
    } else if (JSON.stringify(converted) !== JSON.stringify(cell.value)) {
      updates.push({ id: cell.id, value: converted })
    }
  }
  if (failed > 0) {
    throw invalid(
      `${failed} row(s) hold values of ${column.name} that cannot become ${column.type}`,
      problems,
    )
  }
  ctx.store.tables.setCells(table.id, column.name, updates)
}

function checkNoEmptyCells(
  ctx: ServiceContext,
  table: TableRecord,
  columns: Column[],
  column: Column,
): void {
  const empty = ctx.store.tables.countRows(
    { ...table, columns },
    {
      [column.name]: { $empty: true },
    },
  )
  if (empty > 0) {
    throw columnIssue(
      ['updates', 'required'],
      `${empty} row(s) have no value in ${column.name}; fill them before making it required`,
    )
  }
}

function checkNoDuplicates(ctx: ServiceContext, table: TableRecord, column: Column): void {
  const duplicates = ctx.store.tables.duplicateValues(table.id, column.name, MAX_LISTED)
  if (duplicates.length > 0) {
    throw invalid(
      `${column.name} holds the same value in several rows, so it cannot be unique`,
      duplicates.map((v) => `${column.name}: ${JSON.stringify(v)} appears more than once`),
    )
  }
}

export function dropColumn(
  ctx: ServiceContext,
  actor: User,
  access: WorkspaceAccess,
  tableId: string,
  columnName: string,
) {
  return transaction(ctx.store.db, () => {
    const table = requireTable(ctx, access, tableId)
    if (!table.columns.some((c) => c.name === columnName)) {
      throw columnIssue(['columnName'], `No column named "${columnName}"`)
    }
    if (table.columns.length === 1) {
      throw columnIssue(['columnName'], 'A table needs at least one column')
    }
    ctx.store.tables.removeKey(table.id, columnName)
    const columns = table.columns.filter((c) => c.name !== columnName)
    return columnChanged(ctx, actor, table, columns, {
      change: 'column.dropped',
      column: columnName,
    })
  })
}
