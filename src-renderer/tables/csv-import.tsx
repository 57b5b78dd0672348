// CSV import: read the file, preview it, map CSV headers to columns, check every row before
// sending, then send the good rows in batches of at most 1000 with progress; rows the service
// refuses are listed with their line numbers.
import { useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { Dialog } from 'radix-ui'
import Papa from 'papaparse'
import { FileUp, Upload } from 'lucide-react'
import { call } from '../bridge.ts'
import type { Table } from '../../src-shared/api/index.ts'
import { bridgeErrorOf, errorWords, rowErrorOf } from '../api/errors.ts'
import { queryKeys, type Scope } from '../queries/keys.ts'
import { formatBytes, formatNumber } from '../format.ts'
import { fromText, problemWith } from './values.ts'

export const BATCH_SIZE = 1000
const SKIP = ''

interface Parsed {
  fileName: string
  size: number
  headers: string[]
  rows: Record<string, string>[]
  parseErrors: string[]
}
interface RowProblem {
  line: number
  errors: string[]
}
type Phase =
  | { step: 'pick' }
  | { step: 'map'; parsed: Parsed }
  | {
      step: 'import'
      parsed: Parsed
      done: number
      total: number
      inserted: number
      problems: RowProblem[]
      failed: number
      finished: boolean
      error?: string
    }

function prepare(parsed: Parsed, table: Table, mapping: Record<string, string>) {
  const good: { line: number; data: Record<string, unknown> }[] = []
  const problems: RowProblem[] = []
  parsed.rows.forEach((csv, i) => {
    const data: Record<string, unknown> = {}
    const errors: string[] = []
    for (const col of table.schema.columns) {
      const header = mapping[col.name]
      const value = header ? fromText(col, csv[header] ?? '') : null
      const problem = problemWith(col, value)
      if (problem) errors.push(problem)
      if (value !== null) data[col.name] = value
    }
    // Line 1 is the header row.
    if (errors.length) problems.push({ line: i + 2, errors })
    else good.push({ line: i + 2, data })
  })
  return { good, problems }
}

function ProblemList({ problems, title }: { problems: RowProblem[]; title: string }) {
  if (!problems.length) return null
  return (
    <div className="callout warning">
      <div className="stack tight" style={{ minWidth: 0 }}>
        <strong>
          {title} ({formatNumber(problems.length)})
        </strong>
        <ul className="problem-list" aria-label={title}>
          {problems.slice(0, 50).map((p) => (
            <li key={p.line}>
              Line {p.line}: {p.errors.join('; ')}
            </li>
          ))}
        </ul>
        {problems.length > 50 && <span className="subtle">…and {problems.length - 50} more.</span>}
      </div>
    </div>
  )
}

export function CsvImportDialog({ scope, table }: { scope: Scope; table: Table }) {
  const [open, setOpen] = useState(false)
  const [phase, setPhase] = useState<Phase>({ step: 'pick' })
  const [mapping, setMapping] = useState<Record<string, string>>({})
  const [readError, setReadError] = useState<string | null>(null)
  const qc = useQueryClient()
  const columns = table.schema.columns

  const read = (file: File) => {
    setReadError(null)
    Papa.parse<Record<string, string>>(file, {
      header: true,
      skipEmptyLines: true,
      complete: (res) => {
        const headers = res.meta.fields ?? []
        if (!headers.length) {
          setReadError('The file has no header row. The first line must name the columns.')
          return
        }
        const auto: Record<string, string> = {}
        for (const c of columns) {
          auto[c.name] =
            headers.find((h) => h.trim().toLowerCase() === c.name.toLowerCase()) ?? SKIP
        }
        setMapping(auto)
        setPhase({
          step: 'map',
          parsed: {
            fileName: file.name,
            size: file.size,
            headers,
            rows: res.data,
            parseErrors: res.errors
              .slice(0, 10)
              .map((e) => `Line ${(e.row ?? 0) + 2}: ${e.message}`),
          },
        })
      },
      error: (err) => setReadError(err.message),
    })
  }

  const run = async (parsed: Parsed) => {
    const { good, problems } = prepare(parsed, table, mapping)
    const total = Math.ceil(good.length / BATCH_SIZE)
    let state: Extract<Phase, { step: 'import' }> = {
      step: 'import',
      parsed,
      done: 0,
      total,
      inserted: 0,
      problems,
      failed: 0,
      finished: false,
    }
    setPhase(state)
    for (let b = 0; b < total; b++) {
      const batch = good.slice(b * BATCH_SIZE, (b + 1) * BATCH_SIZE)
      try {
        const answer = await call('tables:insert-rows', {
          ...scope,
          tableId: table.id,
          rows: batch.map((r) => r.data),
        })
        // Sent as `rows`, so the answer is the batch form; the endpoint's single-row form
        // (`{row, message}`) would be one row.
        const inserted = 'insertedCount' in answer.data ? answer.data.insertedCount : 1
        state = { ...state, done: b + 1, inserted: state.inserted + inserted }
      } catch (err) {
        // The service names refused rows by their index in the batch. Error details are
        // untyped (any service's 400), so they are checked against the contract's shape here.
        const details = bridgeErrorOf(err).details ?? []
        const rowProblems: RowProblem[] = details.flatMap((d) => {
          const refused = rowErrorOf(d)
          const source = refused ? batch[refused.row] : undefined
          return refused && source ? [{ line: source.line, errors: refused.errors }] : []
        })
        const problemsNext = rowProblems.length
          ? [...state.problems, ...rowProblems]
          : [
              ...state.problems,
              {
                line: batch[0]!.line,
                errors: [`Batch ${b + 1} refused: ${errorWords(err).message}`],
              },
            ]
        state = {
          ...state,
          done: b + 1,
          failed: state.failed + batch.length,
          problems: problemsNext,
        }
      }
      setPhase(state)
    }
    setPhase({ ...state, finished: true })
    void qc.invalidateQueries({ queryKey: queryKeys.table(scope, table.id) })
  }

  const reset = () => {
    setPhase({ step: 'pick' })
    setReadError(null)
  }

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(o) => {
        setOpen(o)
        if (!o) reset()
      }}
    >
      <Dialog.Trigger className="btn sm">
        <Upload aria-hidden="true" /> Import CSV
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay" />
        <Dialog.Content className="dialog wide">
          <div className="dialog-header">
            <Dialog.Title>Import CSV into {table.name}</Dialog.Title>
            <Dialog.Description>
              Rows are checked before sending and sent in batches of {formatNumber(BATCH_SIZE)}.
            </Dialog.Description>
          </div>
          <div className="dialog-body">
            {phase.step === 'pick' && (
              <div className="dropzone">
                <FileUp aria-hidden="true" />
                <label className="btn primary">
                  Choose a CSV file…
                  <input
                    type="file"
                    accept=".csv,text/csv"
                    className="visually-hidden"
                    aria-label="CSV file"
                    onChange={(e) => {
                      const f = e.target.files?.[0]
                      if (f) read(f)
                    }}
                  />
                </label>
                <span className="subtle">The first line must hold the column names.</span>
                {readError && (
                  <span className="field-error" role="alert">
                    {readError}
                  </span>
                )}
              </div>
            )}
            {phase.step === 'map' && (
              <MapStep
                parsed={phase.parsed}
                table={table}
                mapping={mapping}
                setMapping={setMapping}
              />
            )}
            {phase.step === 'import' && (
              <div className="stack">
                <div className="stack tight">
                  <div className="row between">
                    <strong>{phase.finished ? 'Import finished' : 'Importing…'}</strong>
                    <span className="subtle" role="status">
                      {phase.done} of {phase.total} batches
                    </span>
                  </div>
                  <div
                    className={`progress ${phase.finished ? (phase.failed ? 'warning' : 'success') : ''}`}
                    role="progressbar"
                    aria-label="Import progress"
                    aria-valuemin={0}
                    aria-valuemax={phase.total}
                    aria-valuenow={phase.done}
                  >
                    <div
                      className="progress-bar"
                      style={{ width: `${phase.total ? (phase.done / phase.total) * 100 : 100}%` }}
                    />
                  </div>
                </div>
                {phase.finished && (
                  <p role="status">
                    {formatNumber(phase.inserted)} rows imported
                    {phase.failed ? `, ${formatNumber(phase.failed)} refused by the service` : ''}
                    {phase.problems.length
                      ? `, ${formatNumber(phase.problems.length)} with problems`
                      : ''}
                    .
                  </p>
                )}
                <ProblemList problems={phase.problems} title="Rows not imported" />
              </div>
            )}
          </div>
          <div className="dialog-footer">
            {phase.step === 'map' && (
              <>
                <button type="button" className="btn" onClick={reset}>
                  Choose another file
                </button>
                <ImportButton
                  parsed={phase.parsed}
                  table={table}
                  mapping={mapping}
                  onImport={() => void run(phase.parsed)}
                />
              </>
            )}
            {phase.step === 'import' && phase.finished && (
              <Dialog.Close className="btn primary">Done</Dialog.Close>
            )}
            {phase.step === 'pick' && <Dialog.Close className="btn">Cancel</Dialog.Close>}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

function ImportButton(props: {
  parsed: Parsed
  table: Table
  mapping: Record<string, string>
  onImport(): void
}) {
  const { good } = prepare(props.parsed, props.table, props.mapping)
  const batches = Math.ceil(good.length / BATCH_SIZE)
  return (
    <button type="button" className="btn primary" disabled={!good.length} onClick={props.onImport}>
      Import {formatNumber(good.length)} rows ({batches} {batches === 1 ? 'batch' : 'batches'})
    </button>
  )
}

function MapStep(props: {
  parsed: Parsed
  table: Table
  mapping: Record<string, string>
  setMapping(m: Record<string, string>): void
}) {
  const { parsed, table, mapping } = props
  const { good, problems } = prepare(parsed, table, mapping)
  const room = table.maxRows - table.rowCount
  const preview = parsed.rows.slice(0, 5)
  return (
    <div className="stack">
      <p>
        <strong>{parsed.fileName}</strong>{' '}
        <span className="subtle">
          {formatBytes(parsed.size)} · {formatNumber(parsed.rows.length)} rows ·{' '}
          {parsed.headers.length} columns
        </span>
      </p>
      <div className="table-wrap" style={{ maxHeight: 180 }}>
        <table className="data" aria-label="Preview of the first rows">
          <thead>
            <tr>
              {parsed.headers.map((h) => (
                <th key={h} scope="col">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {preview.map((r, i) => (
              <tr key={i}>
                {parsed.headers.map((h) => (
                  <td key={h} className="truncate" style={{ maxWidth: 200 }}>
                    {r[h]}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <fieldset className="mapping">
        <legend className="field-label">Column mapping</legend>
        {table.schema.columns.map((c) => (
          <div className="mapping-row" key={c.name}>
            <label htmlFor={`map-${c.name}`} className="mono">
              {c.name}{' '}
              <span className="subtle">
                ({c.type}
                {c.required ? ', required' : ''})
              </span>
            </label>
            <select
              id={`map-${c.name}`}
              className="select sm"
              value={mapping[c.name] ?? SKIP}
              onChange={(e) => props.setMapping({ ...mapping, [c.name]: e.target.value })}
            >
              <option value={SKIP}>(leave empty)</option>
              {parsed.headers.map((h) => (
                <option key={h} value={h}>
                  {h}
                </option>
              ))}
            </select>
          </div>
        ))}
      </fieldset>
      <p role="status">
        {formatNumber(good.length)} rows ready
        {problems.length ? `, ${formatNumber(problems.length)} with problems (not sent)` : ''}.
      </p>
      {good.length > room && (
        <div className="callout warning">
          The table holds at most {formatNumber(table.maxRows)} rows and has{' '}
          {formatNumber(table.rowCount)}; rows past the limit will be refused.
        </div>
      )}
      {parsed.parseErrors.length > 0 && (
        <div className="callout warning">
          <div>
            <strong>Lines the CSV reader could not read</strong>
            <ul>
              {parsed.parseErrors.map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
          </div>
        </div>
      )}
      <ProblemList problems={problems} title="Rows with problems" />
    </div>
  )
}
