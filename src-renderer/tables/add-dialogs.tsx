// Add a row (one field per column) and add a column (name, type, required, unique, position).
import { useState } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Dialog } from 'radix-ui'
import { Columns3, Plus } from 'lucide-react'
import { call } from '../bridge.ts'
import type { Table } from '../../src-shared/api/index.ts'
import { queryKeys, type Scope } from '../queries/keys.ts'
import { ErrorCallout } from '../components/states.tsx'
import { toast } from '../components/toast.tsx'
import { fromText } from './values.ts'

const COLUMN_TYPES = ['string', 'number', 'currency', 'boolean', 'date', 'json', 'select'] as const
const NAME_RULE = /^[A-Za-z_][A-Za-z0-9_]*$/

export function AddRowDialog({ scope, table }: { scope: Scope; table: Table }) {
  const [open, setOpen] = useState(false)
  const [values, setValues] = useState<Record<string, string>>({})
  const qc = useQueryClient()
  const insert = useMutation({
    mutationFn: () => {
      const data: Record<string, unknown> = {}
      for (const c of table.schema.columns) {
        const v = fromText(c, values[c.name] ?? '')
        if (v !== null) data[c.name] = v
      }
      return call('tables:insert-row', { ...scope, tableId: table.id, data })
    },
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: queryKeys.table(scope, table.id) })
      setOpen(false)
      setValues({})
      toast('success', 'Row added')
    },
  })
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className="btn sm">
        <Plus aria-hidden="true" /> Add row
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay" />
        <Dialog.Content className="dialog" aria-describedby={undefined}>
          <form
            onSubmit={(e) => {
              e.preventDefault()
              insert.mutate()
            }}
          >
            <div className="dialog-header">
              <Dialog.Title>Add a row to {table.name}</Dialog.Title>
            </div>
            <div className="dialog-body">
              {table.schema.columns.map((c) => (
                <div className="field" key={c.name}>
                  <label htmlFor={`new-${c.name}`}>
                    {c.name} <span className="chip plain">{c.type}</span>
                    {c.required && <span className="subtle"> required</span>}
                  </label>
                  {c.type === 'select' && c.options ? (
                    <select
                      id={`new-${c.name}`}
                      className="select"
                      value={values[c.name] ?? ''}
                      onChange={(e) => setValues((v) => ({ ...v, [c.name]: e.target.value }))}
                    >
                      <option value="">—</option>
                      {c.options.map((o) => (
                        <option key={o}>{o}</option>
                      ))}
                    </select>
                  ) : (
                    <input
                      id={`new-${c.name}`}
                      className="input"
                      value={values[c.name] ?? ''}
                      onChange={(e) => setValues((v) => ({ ...v, [c.name]: e.target.value }))}
                    />
                  )}
                </div>
              ))}
              {insert.error && <ErrorCallout error={insert.error} title="The row was not added" />}
            </div>
            <div className="dialog-footer">
              <Dialog.Close type="button" className="btn">
                Cancel
              </Dialog.Close>
              <button type="submit" className="btn primary" disabled={insert.isPending}>
                Add row
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

export function AddColumnDialog({ scope, table }: { scope: Scope; table: Table }) {
  const [open, setOpen] = useState(false)
  const [name, setName] = useState('')
  const [type, setType] = useState<string>('string')
  const [required, setRequired] = useState(false)
  const [unique, setUnique] = useState(false)
  const [position, setPosition] = useState('')
  const [options, setOptions] = useState('')
  const qc = useQueryClient()
  const nameProblem =
    name && !NAME_RULE.test(name) ? 'Letters, digits and _ only; not starting with a digit.' : null
  const add = useMutation({
    mutationFn: () =>
      call('tables:add-column', {
        ...scope,
        tableId: table.id,
        column: {
          name,
          type,
          required,
          unique,
          ...(type === 'select'
            ? {
                options: options
                  .split(',')
                  .map((o) => o.trim())
                  .filter(Boolean),
              }
            : {}),
        },
        ...(position.trim() ? { position: Number(position) } : {}),
      }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: queryKeys.table(scope, table.id) })
      setOpen(false)
      toast('success', `Column ${name} added`)
      setName('')
    },
  })
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className="btn sm">
        <Columns3 aria-hidden="true" /> Add column
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay" />
        <Dialog.Content className="dialog" aria-describedby={undefined}>
          <form
            onSubmit={(e) => {
              e.preventDefault()
              if (!nameProblem) add.mutate()
            }}
          >
            <div className="dialog-header">
              <Dialog.Title>Add a column to {table.name}</Dialog.Title>
            </div>
            <div className="dialog-body">
              <div className="field-row">
                <div className="field">
                  <label htmlFor="col-name">Column name</label>
                  <input
                    id="col-name"
                    className="input mono"
                    required
                    value={name}
                    onChange={(e) => setName(e.target.value)}
                    aria-invalid={nameProblem ? 'true' : undefined}
                  />
                  {nameProblem && <span className="error">{nameProblem}</span>}
                </div>
                <div className="field">
                  <label htmlFor="col-type">Type</label>
                  <select
                    id="col-type"
                    className="select"
                    value={type}
                    onChange={(e) => setType(e.target.value)}
                  >
                    {COLUMN_TYPES.map((t) => (
                      <option key={t}>{t}</option>
                    ))}
                  </select>
                </div>
              </div>
              {type === 'select' && (
                <div className="field">
                  <label htmlFor="col-options">Options</label>
                  <input
                    id="col-options"
                    className="input"
                    placeholder="low, medium, high"
                    value={options}
                    onChange={(e) => setOptions(e.target.value)}
                  />
                </div>
              )}
              <div className="field">
                <label htmlFor="col-pos">Position</label>
                <input
                  id="col-pos"
                  className="input"
                  inputMode="numeric"
                  placeholder={`At the end (${table.schema.columns.length})`}
                  value={position}
                  onChange={(e) => setPosition(e.target.value.replace(/\D/g, ''))}
                />
                <span className="hint">Zero-based; out of range adds it at the end.</span>
              </div>
              <label className="check">
                <input
                  type="checkbox"
                  checked={required}
                  onChange={(e) => setRequired(e.target.checked)}
                />
                Required
              </label>
              <label className="check">
                <input
                  type="checkbox"
                  checked={unique}
                  onChange={(e) => setUnique(e.target.checked)}
                />
                Unique (exact, case-sensitive)
              </label>
              {add.error && <ErrorCallout error={add.error} title="The column was not added" />}
            </div>
            <div className="dialog-footer">
              <Dialog.Close type="button" className="btn">
                Cancel
              </Dialog.Close>
              <button type="submit" className="btn primary" disabled={add.isPending}>
                Add column
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
