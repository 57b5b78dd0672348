// The rows grid: virtualized over the whole row count and fetched in pages of 1000 by offset,
// so 100k rows scroll smoothly while only the visible pages are loaded. Cells edit in place:
// only the changed field is sent, and the service's validation error stays on the cell with
// the typed value kept.
//
// Why not @tanstack/react-table here: sorting, filtering and paging all happen on the service,
// so a table model would only pass rows through; the virtualizer does the real work.
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query'
import { useVirtualizer } from '@tanstack/react-virtual'
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react'
import { call } from '../bridge.ts'
import type { Column, Row, Table } from '../../src-shared/api/index.ts'
import { errorWords } from '../api/errors.ts'
import { queryKeys, type Scope } from '../queries/keys.ts'
import { fetchRows, PAGE_SIZE, rowsPageKey, type RowsQuery } from '../queries/tables.ts'
import { ErrorState, LoadingState } from '../components/states.tsx'
import { columnWidth, fromText, toText } from './values.ts'

const ROW_H = 34
type RowsPage = Awaited<ReturnType<typeof fetchRows>>

interface Editing {
  rowId: string
  column: string
  text: string
  error?: string
  saving?: boolean
}

export function RowsGrid(props: {
  scope: Scope
  table: Table
  query: RowsQuery
  selected: Set<string>
  onSelected(next: Set<string>): void
  onSort(column: string): void
  onTotal?(total: number): void
}) {
  const { scope, table, query } = props
  const columns = table.schema.columns
  const qc = useQueryClient()
  const scrollRef = useRef<HTMLDivElement>(null)
  const [active, setActive] = useState<{ row: number; col: number }>({ row: 0, col: 0 })
  const [editing, setEditing] = useState<Editing | null>(null)

  const first = useQuery({
    queryKey: rowsPageKey(scope, table.id, query, 0),
    queryFn: () => fetchRows(scope, table.id, query, 0),
  })
  const total = first.data?.totalCount ?? first.data?.rows.length ?? 0
  const onTotal = props.onTotal
  useEffect(() => {
    if (first.data) onTotal?.(total)
  }, [first.data, total, onTotal])

  const virtualizer = useVirtualizer({
    count: total,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_H,
    overscan: 20,
  })
  const items = virtualizer.getVirtualItems()
  const pageOffsets = useMemo(() => {
    if (!items.length) return [] as number[]
    const a = Math.floor(items[0]!.index / PAGE_SIZE)
    const b = Math.floor(items[items.length - 1]!.index / PAGE_SIZE)
    const out: number[] = []
    for (let p = a; p <= b; p++) if (p > 0) out.push(p * PAGE_SIZE)
    return out
  }, [items])
  const pages = useQueries({
    queries: pageOffsets.map((offset) => ({
      queryKey: rowsPageKey(scope, table.id, query, offset),
      queryFn: () => fetchRows(scope, table.id, query, offset),
    })),
  })
  const pageData = new Map<number, RowsPage>()
  if (first.data) pageData.set(0, first.data)
  pageOffsets.forEach((o, i) => {
    const d = pages[i]?.data
    if (d) pageData.set(o, d)
  })
  const rowAt = (i: number): Row | undefined =>
    pageData.get(Math.floor(i / PAGE_SIZE) * PAGE_SIZE)?.rows[i % PAGE_SIZE]

  const update = useMutation({
    mutationFn: async (e: Editing) => {
      const column = columns.find((c) => c.name === e.column)!
      const answer = await call('tables:update-row', {
        ...scope,
        tableId: table.id,
        rowId: e.rowId,
        data: { [e.column]: fromText(column, e.text) },
      })
      return answer.data.row
    },
    onMutate: (e) => setEditing({ ...e, saving: true, error: undefined }),
    onSuccess: (row) => {
      // Put the saved row into whichever cached page holds it.
      qc.setQueriesData<RowsPage>({ queryKey: queryKeys.rows(scope, table.id) }, (page) =>
        page
          ? { ...page, rows: page.rows.map((r) => (r.id === row.id ? { ...r, ...row } : r)) }
          : page,
      )
      setEditing(null)
      scrollRef.current?.focus()
    },
    onError: (err, e) => {
      const w = errorWords(err)
      setEditing({ ...e, saving: false, error: w.details[0] ?? w.message })
    },
  })

  const startEdit = (rowIdx: number, colIdx: number) => {
    const row = rowAt(rowIdx)
    const column = columns[colIdx]
    if (!row || !column) return
    setActive({ row: rowIdx, col: colIdx })
    setEditing({ rowId: row.id, column: column.name, text: toText(row.data[column.name]) })
  }

  const commit = (e: Editing) => {
    const row = [...pageData.values()].flatMap((p) => p.rows).find((r) => r.id === e.rowId)
    if (row && toText(row.data[e.column]) === e.text && !e.error) {
      setEditing(null) // nothing changed: nothing to send
      scrollRef.current?.focus()
      return
    }
    update.mutate(e)
  }

  const onKeyDown = (ev: KeyboardEvent<HTMLDivElement>) => {
    if (editing || ev.target !== ev.currentTarget) return
    const move = (dr: number, dc: number) => {
      ev.preventDefault()
      const row = Math.max(0, Math.min(total - 1, active.row + dr))
      const col = Math.max(0, Math.min(columns.length - 1, active.col + dc))
      setActive({ row, col })
      virtualizer.scrollToIndex(row)
    }
    switch (ev.key) {
      case 'ArrowDown':
        return move(1, 0)
      case 'ArrowUp':
        return move(-1, 0)
      case 'ArrowRight':
        return move(0, 1)
      case 'ArrowLeft':
        return move(0, -1)
      case 'PageDown':
        return move(15, 0)
      case 'PageUp':
        return move(-15, 0)
      case 'Home':
        return move(-total, 0)
      case 'End':
        return move(total, 0)
      case 'Enter':
      case 'F2':
        ev.preventDefault()
        return startEdit(active.row, active.col)
      case ' ': {
        ev.preventDefault()
        const row = rowAt(active.row)
        if (row) toggle(row.id)
        return
      }
    }
  }

  const toggle = (id: string) => {
    const next = new Set(props.selected)
    if (next.has(id)) next.delete(id)
    else next.add(id)
    props.onSelected(next)
  }

  const template = `44px 64px ${columns.map((c) => `${columnWidth(c)}px`).join(' ')}`
  const width = 44 + 64 + columns.reduce((n, c) => n + columnWidth(c), 0)
  const loadedIds = [...pageData.values()].flatMap((p) => p.rows.map((r) => r.id))
  const allLoadedSelected = loadedIds.length > 0 && loadedIds.every((id) => props.selected.has(id))

  if (first.isLoading) return <LoadingState label="Loading rows" rows={8} />
  if (first.error) return <ErrorState error={first.error} onRetry={() => first.refetch()} />

  const sortOf = (c: Column) => query.sort?.[c.name]
  const activeId = `cell-${active.row}-${active.col}`
  return (
    <div
      ref={scrollRef}
      className="grid-scroll"
      role="grid"
      aria-label={`Rows of ${table.name}`}
      aria-rowcount={total + 1}
      aria-colcount={columns.length + 2}
      aria-multiselectable="true"
      tabIndex={0}
      aria-activedescendant={total > 0 && !editing ? activeId : undefined}
      onKeyDown={onKeyDown}
    >
      <div role="rowgroup" className="grid-head" style={{ width }}>
        <div
          role="row"
          aria-rowindex={1}
          className="grid-row"
          style={{ gridTemplateColumns: template }}
        >
          <div role="columnheader" className="grid-cell center">
            <input
              type="checkbox"
              aria-label="Select all loaded rows"
              checked={allLoadedSelected}
              onChange={() =>
                props.onSelected(
                  allLoadedSelected ? new Set() : new Set([...props.selected, ...loadedIds]),
                )
              }
            />
          </div>
          <div role="columnheader" className="grid-cell num subtle">
            #
          </div>
          {columns.map((c) => {
            const s = sortOf(c)
            return (
              <div
                key={c.name}
                role="columnheader"
                className="grid-cell"
                aria-sort={s === 'asc' ? 'ascending' : s === 'desc' ? 'descending' : 'none'}
              >
                <button type="button" className="sort-btn" onClick={() => props.onSort(c.name)}>
                  <span className="truncate">{c.name}</span>
                  {s === 'asc' ? (
                    <ArrowUp aria-hidden="true" />
                  ) : s === 'desc' ? (
                    <ArrowDown aria-hidden="true" />
                  ) : (
                    <ArrowUpDown aria-hidden="true" className="faint" />
                  )}
                </button>
                <span className="col-type">{c.type}</span>
              </div>
            )
          })}
        </div>
      </div>
      <div role="rowgroup" className="grid-body" style={{ height: total * ROW_H, width }}>
        {items.map((v) => {
          const row = rowAt(v.index)
          const isSel = row ? props.selected.has(row.id) : false
          return (
            <div
              key={v.key}
              role="row"
              aria-rowindex={v.index + 2}
              aria-selected={isSel}
              className={`grid-row ${isSel ? 'selected' : ''}`}
              style={{ gridTemplateColumns: template, transform: `translateY(${v.start}px)` }}
            >
              <div role="gridcell" className="grid-cell center">
                {row && (
                  <input
                    type="checkbox"
                    tabIndex={-1}
                    aria-label={`Select row ${v.index + 1}`}
                    checked={isSel}
                    onChange={() => toggle(row.id)}
                  />
                )}
              </div>
              <div role="gridcell" className="grid-cell num subtle">
                {v.index + 1}
              </div>
              {columns.map((c, ci) => {
                const isActive = active.row === v.index && active.col === ci
                const edit =
                  editing && row && editing.rowId === row.id && editing.column === c.name
                    ? editing
                    : null
                if (!row) {
                  return (
                    <div key={c.name} role="gridcell" className="grid-cell">
                      <span className="skeleton" />
                    </div>
                  )
                }
                if (edit) {
                  return (
                    <div key={c.name} role="gridcell" className="grid-cell editing">
                      <input
                        autoFocus
                        className="cell-input"
                        aria-label={`Edit ${c.name} of row ${v.index + 1}`}
                        aria-invalid={edit.error ? 'true' : undefined}
                        aria-describedby={edit.error ? `cell-err-${row.id}` : undefined}
                        value={edit.text}
                        disabled={edit.saving}
                        onChange={(e) => setEditing({ ...edit, text: e.target.value })}
                        onKeyDown={(e) => {
                          if (e.key === 'Enter') {
                            e.preventDefault()
                            commit(edit)
                          } else if (e.key === 'Escape') {
                            e.preventDefault()
                            setEditing(null)
                            scrollRef.current?.focus()
                          }
                        }}
                      />
                      {edit.error && (
                        <div className="cell-error" role="alert" id={`cell-err-${row.id}`}>
                          {edit.error}
                        </div>
                      )}
                    </div>
                  )
                }
                const value = row.data[c.name]
                return (
                  <div
                    key={c.name}
                    id={`cell-${v.index}-${ci}`}
                    role="gridcell"
                    className={`grid-cell ${isActive ? 'active' : ''} ${c.type === 'number' || c.type === 'currency' ? 'num' : ''}`}
                    onClick={() => setActive({ row: v.index, col: ci })}
                    onDoubleClick={() => startEdit(v.index, ci)}
                    title="Double-click or press Enter to edit"
                  >
                    {value === null || value === undefined ? (
                      <span className="faint">—</span>
                    ) : (
                      <span className="truncate">{toText(value)}</span>
                    )}
                  </div>
                )
              })}
            </div>
          )
        })}
      </div>
      {total === 0 && (
        <div className="grid-empty muted">
          {query.filter ? 'No row matches the filter.' : 'This table has no rows yet.'}
        </div>
      )}
    </div>
  )
}
