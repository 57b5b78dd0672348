// Filter conditions over the table's columns; what is sent is shown as the API's filter JSON.
import { useState } from 'react'
import { Filter, Plus, X } from 'lucide-react'
import type { Column } from '../../src-shared/api/index.ts'
import { OPERATORS, toFilter, type Condition, type Operator } from './filter.ts'

let nextId = 1

export function FilterBar(props: {
  columns: Column[]
  onApply(filter: Record<string, unknown> | undefined): void
}) {
  const [conditions, setConditions] = useState<Condition[]>([])
  const set = (id: number, patch: Partial<Condition>) =>
    setConditions((cs) => cs.map((c) => (c.id === id ? { ...c, ...patch } : c)))
  const filter = toFilter(conditions, props.columns)
  const add = () =>
    setConditions((cs) => [
      ...cs,
      { id: nextId++, column: props.columns[0]?.name ?? '', op: '$eq', value: '' },
    ])
  return (
    <div className="filter-bar stack tight">
      {conditions.map((c, i) => (
        <div key={c.id} className="row wrap" role="group" aria-label={`Condition ${i + 1}`}>
          <span className="subtle" style={{ width: 40 }}>
            {i === 0 ? 'Where' : 'and'}
          </span>
          <select
            className="select sm"
            style={{ width: 140 }}
            aria-label="Column"
            value={c.column}
            onChange={(e) => set(c.id, { column: e.target.value })}
          >
            {props.columns.map((col) => (
              <option key={col.name} value={col.name}>
                {col.name}
              </option>
            ))}
          </select>
          <select
            className="select sm"
            style={{ width: 110 }}
            aria-label="Operator"
            value={c.op}
            onChange={(e) => set(c.id, { op: e.target.value as Operator })}
          >
            {OPERATORS.map((o) => (
              <option key={o.op} value={o.op}>
                {o.label}
              </option>
            ))}
          </select>
          {c.op !== '$empty' && (
            <input
              className="input sm"
              style={{ flex: '1 1 120px', minWidth: 90, maxWidth: 260 }}
              aria-label="Value"
              value={c.value}
              onChange={(e) => set(c.id, { value: e.target.value })}
              onKeyDown={(e) => e.key === 'Enter' && props.onApply(filter)}
            />
          )}
          <button
            type="button"
            className="btn ghost sm icon"
            aria-label={`Remove condition ${i + 1}`}
            onClick={() => {
              const next = conditions.filter((x) => x.id !== c.id)
              setConditions(next)
              if (next.length === 0) props.onApply(undefined)
            }}
          >
            <X aria-hidden="true" />
          </button>
        </div>
      ))}
      <div className="row wrap">
        <button type="button" className="btn sm" onClick={add} disabled={!props.columns.length}>
          {conditions.length ? <Plus aria-hidden="true" /> : <Filter aria-hidden="true" />}
          {conditions.length ? 'Add condition' : 'Filter'}
        </button>
        {conditions.length > 0 && (
          <>
            <button type="button" className="btn sm primary" onClick={() => props.onApply(filter)}>
              Apply filter
            </button>
            <code
              className="subtle truncate"
              style={{ maxWidth: 520 }}
              aria-label="Filter sent to the service"
            >
              {filter ? JSON.stringify(filter) : '(no complete condition)'}
            </code>
          </>
        )}
      </div>
    </div>
  )
}
