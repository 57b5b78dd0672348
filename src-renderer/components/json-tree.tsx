// Output as a collapsible JSON tree, with copy and save.
import { useState } from 'react'
import { ChevronDown, ChevronRight, Copy, Download } from 'lucide-react'
import { call } from '../bridge.ts'
import { toast } from './toast.tsx'
import { errorWords } from '../api/errors.ts'

function Leaf({ value }: { value: unknown }) {
  if (value === null) return <span className="json-null">null</span>
  if (typeof value === 'string') return <span className="json-string">{JSON.stringify(value)}</span>
  if (typeof value === 'number') return <span className="json-number">{String(value)}</span>
  if (typeof value === 'boolean') return <span className="json-bool">{String(value)}</span>
  return <span className="json-null">{String(value)}</span>
}

function Node({ name, value, depth }: { name?: string; value: unknown; depth: number }) {
  const isObj = value !== null && typeof value === 'object'
  const [open, setOpen] = useState(depth < 2)
  const label =
    name !== undefined ? (
      <>
        <span className="json-key">{JSON.stringify(name)}</span>:{' '}
      </>
    ) : null
  if (!isObj) {
    return (
      <li>
        {label}
        <Leaf value={value} />
      </li>
    )
  }
  const entries = Array.isArray(value)
    ? value.map((v, i) => [String(i), v] as const)
    : Object.entries(value as Record<string, unknown>)
  const [openB, closeB] = Array.isArray(value) ? ['[', ']'] : ['{', '}']
  const summary = Array.isArray(value) ? `${entries.length} items` : `${entries.length} keys`
  return (
    <li>
      <button
        type="button"
        className="json-toggle"
        aria-expanded={open}
        aria-label={`${open ? 'Collapse' : 'Expand'} ${name ?? 'value'}`}
        onClick={() => setOpen(!open)}
      >
        {open ? <ChevronDown aria-hidden="true" /> : <ChevronRight aria-hidden="true" />}
      </button>
      {label}
      {openB}
      {open ? (
        <>
          <ul>
            {entries.map(([k, v]) => (
              <Node
                key={k}
                name={Array.isArray(value) ? undefined : k}
                value={v}
                depth={depth + 1}
              />
            ))}
          </ul>
          {closeB}
        </>
      ) : (
        <span className="json-summary">
          {' '}
          … {summary} {closeB}
        </span>
      )}
    </li>
  )
}

export function JsonTree({ value, label }: { value: unknown; label: string }) {
  return (
    <div className="json-tree" role="group" aria-label={label} tabIndex={0}>
      <ul style={{ paddingLeft: 0, borderLeft: 0 }}>
        <Node value={value} depth={0} />
      </ul>
    </div>
  )
}

export function JsonActions({ value, fileName }: { value: unknown; fileName: string }) {
  const text = JSON.stringify(value, null, 2) ?? 'null'
  return (
    <div className="btn-group">
      <button
        type="button"
        className="btn sm"
        onClick={() => {
          navigator.clipboard.writeText(text).then(
            () => toast('success', 'Copied to the clipboard'),
            () => toast('error', 'Could not copy', 'The clipboard is not available here.'),
          )
        }}
      >
        <Copy aria-hidden="true" /> Copy
      </button>
      <button
        type="button"
        className="btn sm"
        onClick={() => {
          call('files:save', { suggestedName: fileName, text }).then(
            (r) => r.saved && toast('success', `Saved ${fileName}`),
            (err: unknown) => toast('error', 'Could not save the file', errorWords(err).message),
          )
        }}
      >
        <Download aria-hidden="true" /> Save…
      </button>
    </div>
  )
}
