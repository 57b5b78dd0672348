// Tables: the list; `#/tables/<id>` opens one with its rows grid and schema.
import { useCallback, useState } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Tabs } from 'radix-ui'
import Papa from 'papaparse'
import { Download, Table2, Trash2 } from 'lucide-react'
import { call } from '../bridge.ts'
import type { Table } from '../../src-shared/api/index.ts'
import { errorWords } from '../api/errors.ts'
import { useScope } from '../queries/connections.ts'
import { queryKeys, type Scope } from '../queries/keys.ts'
import { fetchRows, PAGE_SIZE, useTable, useTables, type RowsQuery } from '../queries/tables.ts'
import { navigate, useRoute } from '../state/router.ts'
import { PageHeader } from '../components/page.tsx'
import { EmptyState, ErrorState, LoadingState } from '../components/states.tsx'
import { Confirm } from '../components/confirm.tsx'
import { toast } from '../components/toast.tsx'
import { formatAgo, formatNumber } from '../format.ts'
import { RowsGrid } from '../tables/rows-grid.tsx'
import { FilterBar } from '../tables/filter-bar.tsx'
import { AddColumnDialog, AddRowDialog } from '../tables/add-dialogs.tsx'
import { CsvImportDialog } from '../tables/csv-import.tsx'
import { toText } from '../tables/values.ts'

function Capacity({ table }: { table: Table }) {
  const pct = table.maxRows ? Math.min(100, (table.rowCount / table.maxRows) * 100) : 0
  return (
    <div className="stack tight" style={{ gap: 4, minWidth: 140 }}>
      <span className="subtle">
        {formatNumber(table.rowCount)} of {formatNumber(table.maxRows)} rows
      </span>
      <div
        className={`progress ${pct > 90 ? 'warning' : ''}`}
        role="progressbar"
        aria-label={`${table.name} capacity`}
        aria-valuemin={0}
        aria-valuemax={table.maxRows}
        aria-valuenow={table.rowCount}
      >
        <div className="progress-bar" style={{ width: `${pct}%` }} />
      </div>
    </div>
  )
}

function TableList() {
  const { scope } = useScope()
  const tables = useTables(scope)
  return (
    <div className="page">
      <PageHeader title="Tables" description="Structured data in this workspace." />
      {tables.isLoading ? (
        <LoadingState label="Loading tables" />
      ) : tables.error ? (
        <div className="card">
          <ErrorState error={tables.error} onRetry={() => tables.refetch()} />
        </div>
      ) : tables.data!.tables.length === 0 ? (
        <div className="card">
          <EmptyState title="No tables here yet" icon={<Table2 />}>
            Tables created in this workspace appear here.
          </EmptyState>
        </div>
      ) : (
        <div className="card-grid">
          {tables.data!.tables.map((t) => (
            <a key={t.id} className="card link stack" href={`#/tables/${encodeURIComponent(t.id)}`}>
              <div className="row">
                <Table2 aria-hidden="true" />
                <strong>{t.name}</strong>
              </div>
              {t.description && <span className="muted">{t.description}</span>}
              <span className="subtle">
                {t.schema.columns.length} columns · updated {formatAgo(t.updatedAt)}
              </span>
              <Capacity table={t} />
            </a>
          ))}
        </div>
      )}
    </div>
  )
}

async function exportCsv(scope: Scope, table: Table, query: RowsQuery) {
  const columns = table.schema.columns.map((c) => c.name)
  const rows: string[][] = []
  for (let offset = 0; ; offset += PAGE_SIZE) {
    const page = await fetchRows(scope, table.id, query, offset)
    for (const r of page.rows) rows.push(columns.map((c) => toText(r.data[c])))
    if (page.rows.length < PAGE_SIZE) break
  }
  const text = Papa.unparse({ fields: columns, data: rows })
  const saved = await call('files:save', { suggestedName: `${table.name}.csv`, text })
  return { saved: saved.saved, count: rows.length }
}

function TableDetail({ tableId }: { tableId: string }) {
  const { scope } = useScope()
  const table = useTable(scope, tableId)
  const qc = useQueryClient()
  const [query, setQuery] = useState<RowsQuery>({})
  const [selected, setSelected] = useState<Set<string>>(new Set())
  const [total, setTotal] = useState<number | null>(null)
  const [confirmDelete, setConfirmDelete] = useState(false)
  const onTotal = useCallback((n: number) => setTotal(n), [])
  const del = useMutation({
    mutationFn: () =>
      call('tables:delete-rows', { ...scope!, tableId, rowIds: [...selected].slice(0, 1000) }),
    onSuccess: () => {
      toast('success', `Deleted ${selected.size} row(s)`)
      setSelected(new Set())
      void qc.invalidateQueries({ queryKey: queryKeys.table(scope!, tableId) })
    },
    onError: (err) => toast('error', 'Rows were not deleted', errorWords(err).message),
  })
  const exporting = useMutation({
    mutationFn: () => exportCsv(scope!, table.data!, query),
    onSuccess: (r) => r.saved && toast('success', `Exported ${formatNumber(r.count)} rows`),
    onError: (err) => toast('error', 'Export failed', errorWords(err).message),
  })
  const crumbs = [{ label: 'Tables', onClick: () => navigate('tables') }]
  if (table.isLoading || !scope) {
    return (
      <div className="page">
        <PageHeader title="Table" crumbs={crumbs} />
        <LoadingState label="Loading the table" />
      </div>
    )
  }
  if (table.error || !table.data) {
    return (
      <div className="page">
        <PageHeader title="Table" crumbs={crumbs} />
        <div className="card">
          <ErrorState error={table.error} onRetry={() => table.refetch()} />
        </div>
      </div>
    )
  }
  const t = table.data
  const onSort = (column: string) => {
    const cur = query.sort?.[column]
    const next = cur === undefined ? 'asc' : cur === 'asc' ? 'desc' : undefined
    setQuery((q) => ({ ...q, sort: next ? { [column]: next } : undefined }))
  }
  return (
    <div className="page full">
      <PageHeader
        crumbs={crumbs}
        title={t.name}
        description={t.description || undefined}
        actions={<Capacity table={t} />}
      />
      <Tabs.Root defaultValue="rows" className="stack grow" style={{ minHeight: 0 }}>
        <Tabs.List className="tabs-list" aria-label="Table views">
          <Tabs.Trigger className="tabs-trigger" value="rows">
            Rows
          </Tabs.Trigger>
          <Tabs.Trigger className="tabs-trigger" value="schema">
            Schema ({t.schema.columns.length} columns)
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="rows" className="stack grow" style={{ minHeight: 0 }}>
          <div className="row between wrap" style={{ alignItems: 'flex-start' }}>
            <FilterBar
              columns={t.schema.columns}
              onApply={(filter) => setQuery((q) => ({ ...q, filter }))}
            />
            <div className="btn-group">
              <AddRowDialog scope={scope} table={t} />
              <AddColumnDialog scope={scope} table={t} />
              <CsvImportDialog scope={scope} table={t} />
              <button
                type="button"
                className="btn sm"
                onClick={() => exporting.mutate()}
                disabled={exporting.isPending}
              >
                <Download aria-hidden="true" /> {exporting.isPending ? 'Exporting…' : 'Export CSV'}
              </button>
              <button
                type="button"
                className="btn sm"
                disabled={selected.size === 0}
                onClick={() => setConfirmDelete(true)}
              >
                <Trash2 aria-hidden="true" /> Delete{selected.size ? ` ${selected.size}` : ''}
              </button>
            </div>
          </div>
          <div className="row between subtle">
            <span role="status">
              {total === null
                ? ' '
                : `${formatNumber(total)} ${query.filter ? 'matching ' : ''}${total === 1 ? 'row' : 'rows'}`}
              {query.sort &&
                ` · sorted by ${Object.entries(query.sort)
                  .map(([k, v]) => `${k} ${v}`)
                  .join(', ')}`}
            </span>
            <span>Double-click a cell or press Enter to edit; Space selects a row.</span>
          </div>
          <RowsGrid
            scope={scope}
            table={t}
            query={query}
            selected={selected}
            onSelected={setSelected}
            onSort={onSort}
            onTotal={onTotal}
          />
        </Tabs.Content>
        <Tabs.Content value="schema">
          <div className="table-wrap">
            <table className="data" aria-label="Schema">
              <thead>
                <tr>
                  <th scope="col">Column</th>
                  <th scope="col">Type</th>
                  <th scope="col">Required</th>
                  <th scope="col">Unique</th>
                </tr>
              </thead>
              <tbody>
                {t.schema.columns.map((c) => (
                  <tr key={c.name}>
                    <td className="mono">{c.name}</td>
                    <td>
                      <span className="chip plain">{c.type}</span>
                      {c.options && <span className="subtle"> {c.options.join(', ')}</span>}
                    </td>
                    <td>{c.required ? 'Yes' : 'No'}</td>
                    <td>{c.unique ? 'Yes' : 'No'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Tabs.Content>
      </Tabs.Root>
      <Confirm
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={`Delete ${selected.size} row(s)?`}
        description="They are removed from the table on the service. This cannot be undone."
        confirmLabel="Delete rows"
        danger
        onConfirm={() => del.mutate()}
      />
    </div>
  )
}

export function TablesScreen() {
  const route = useRoute()
  const id = route.params[0]
  return id ? <TableDetail key={id} tableId={id} /> : <TableList />
}
