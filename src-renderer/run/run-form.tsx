// The run form: generated from the workflow's input fields (or raw JSON), a mode, and the
// execution controls with the spec's async restrictions explained where they apply.
import { useId, useState } from 'react'
import { Collapsible, Tabs } from 'radix-ui'
import { ChevronDown, Clock, FileUp, Info, Play, Radio, Timer, X } from 'lucide-react'
import type { WorkflowInputField } from '../../src-shared/api/index.ts'
import type { RunDraft } from '../state/ui.ts'
import type { RunMode } from '../state/run-types.ts'
import { JsonEditor } from '../components/json-editor.tsx'
import { formatBytes } from '../format.ts'
import { isFileType, isJsonType, readFileAsDataUrl, type FileValue } from './run-input.ts'

const MODES: { value: RunMode; label: string; icon: typeof Clock; hint: string }[] = [
  {
    value: 'sync',
    label: 'Wait for result',
    icon: Timer,
    hint: 'Runs now and shows the result here.',
  },
  {
    value: 'async',
    label: 'Run in background',
    icon: Clock,
    hint: 'Queues the run; follow it in Jobs. You get a notification when it ends.',
  },
  {
    value: 'stream',
    label: 'Stream',
    icon: Radio,
    hint: 'Shows the selected block outputs as they are produced.',
  },
]

const MAX_FILE_BYTES = 10 * 1024 * 1024

function FileField(props: {
  field: WorkflowInputField
  files: FileValue[]
  onChange(files: FileValue[]): void
  id: string
}) {
  const [error, setError] = useState<string | null>(null)
  const multiple = props.field.type !== 'file'
  const total = props.files.reduce((n, f) => n + f.size, 0)
  return (
    <div className="stack tight">
      <label className="btn sm" style={{ alignSelf: 'flex-start' }}>
        <FileUp aria-hidden="true" /> Choose {multiple ? 'files' : 'a file'}…
        <input
          id={props.id}
          type="file"
          className="visually-hidden"
          multiple={multiple}
          aria-label={`${props.field.name} (file)`}
          onChange={async (e) => {
            const picked = [...(e.target.files ?? [])]
            e.target.value = ''
            const big = picked.find((f) => f.size > MAX_FILE_BYTES)
            if (big) {
              setError(
                `${big.name} is ${formatBytes(big.size)}; the service takes requests up to 10 MB.`,
              )
              return
            }
            setError(null)
            try {
              const read = await Promise.all(picked.map(readFileAsDataUrl))
              props.onChange(multiple ? [...props.files, ...read] : read)
            } catch (err) {
              setError((err as Error).message)
            }
          }}
        />
      </label>
      {props.files.length > 0 && (
        <ul className="file-list">
          {props.files.map((f, i) => (
            <li key={i} className="row">
              <span className="truncate grow">{f.name}</span>
              <span className="subtle nowrap">{formatBytes(f.size)}</span>
              <button
                type="button"
                className="btn ghost sm icon"
                aria-label={`Remove ${f.name}`}
                onClick={() => props.onChange(props.files.filter((_, j) => j !== i))}
              >
                <X aria-hidden="true" />
              </button>
            </li>
          ))}
          {props.files.length > 1 && <li className="subtle">Total {formatBytes(total)}</li>}
        </ul>
      )}
      {error && <span className="field-error">{error}</span>}
    </div>
  )
}

function InputField(props: {
  field: WorkflowInputField
  value: unknown
  error?: string
  files: FileValue[]
  onValue(v: unknown): void
  onFiles(f: FileValue[]): void
}) {
  const { field } = props
  const id = useId()
  const hintId = `${id}-hint`
  const errId = `${id}-err`
  const described =
    [field.description ? hintId : '', props.error ? errId : ''].filter(Boolean).join(' ') ||
    undefined
  let control
  if (field.type === 'boolean') {
    control = (
      <label className="check">
        <input
          id={id}
          type="checkbox"
          checked={props.value === true}
          onChange={(e) => props.onValue(e.target.checked)}
          aria-describedby={described}
        />
        {field.name}
      </label>
    )
  } else if (isJsonType(field.type)) {
    control = (
      <JsonEditor
        value={typeof props.value === 'string' ? props.value : ''}
        onChange={props.onValue}
        label={field.name}
        invalid={!!props.error}
        describedBy={described}
        minHeight="80px"
      />
    )
  } else if (isFileType(field.type)) {
    control = <FileField field={field} files={props.files} onChange={props.onFiles} id={id} />
  } else {
    control = (
      <input
        id={id}
        className="input"
        type="text"
        inputMode={field.type === 'number' ? 'decimal' : undefined}
        value={typeof props.value === 'string' ? props.value : ''}
        onChange={(e) => props.onValue(e.target.value)}
        aria-invalid={props.error ? 'true' : undefined}
        aria-describedby={described}
      />
    )
  }
  return (
    <div className="field">
      {field.type !== 'boolean' && !isFileType(field.type) && !isJsonType(field.type) ? (
        <label htmlFor={id}>
          {field.name} <span className="chip plain">{field.type}</span>
        </label>
      ) : field.type !== 'boolean' ? (
        <span className="field-label">
          {field.name} <span className="chip plain">{field.type}</span>
        </span>
      ) : null}
      {control}
      {field.description && (
        <span className="hint" id={hintId}>
          {field.description}
        </span>
      )}
      {props.error && (
        <span className="error" id={errId}>
          {props.error}
        </span>
      )}
    </div>
  )
}

export function RunForm(props: {
  inputs: WorkflowInputField[]
  draft: RunDraft
  onDraft(d: RunDraft): void
  files: Record<string, FileValue[]>
  onFiles(name: string, files: FileValue[]): void
  errors: Record<string, string>
  running: boolean
  onRun(): void
}) {
  const { draft, onDraft, errors } = props
  const set = (patch: Partial<RunDraft>) => onDraft({ ...draft, ...patch })
  const async = draft.mode === 'async'
  const mode = MODES.find((m) => m.value === draft.mode)!
  return (
    <form
      className="card"
      aria-label="Run"
      onSubmit={(e) => {
        e.preventDefault()
        props.onRun()
      }}
    >
      <div className="card-header">
        <h2>Run</h2>
      </div>
      <div className="card-body stack">
        <div className="field">
          <span className="field-label" id="run-mode-label">
            Mode
          </span>
          <div className="segmented" role="radiogroup" aria-labelledby="run-mode-label">
            {MODES.map((m) => (
              <button
                key={m.value}
                type="button"
                role="radio"
                aria-checked={draft.mode === m.value}
                onClick={() => set({ mode: m.value })}
              >
                <m.icon aria-hidden="true" /> {m.label}
              </button>
            ))}
          </div>
          <span className="hint">{mode.hint}</span>
        </div>

        <Tabs.Root
          value={draft.inputKind}
          onValueChange={(v) => set({ inputKind: v as RunDraft['inputKind'] })}
        >
          <Tabs.List className="tabs-list" aria-label="Input">
            <Tabs.Trigger className="tabs-trigger" value="form">
              Input fields
            </Tabs.Trigger>
            <Tabs.Trigger className="tabs-trigger" value="raw">
              Raw JSON
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="form" className="tabs-content stack">
            {props.inputs.length === 0 && (
              <p className="muted">
                This workflow declares no input fields. It runs with an empty input.
              </p>
            )}
            {props.inputs.map((f) => (
              <InputField
                key={f.name}
                field={f}
                value={draft.form[f.name]}
                error={errors[f.name]}
                files={props.files[f.name] ?? []}
                onValue={(v) => set({ form: { ...draft.form, [f.name]: v } })}
                onFiles={(files) => props.onFiles(f.name, files)}
              />
            ))}
          </Tabs.Content>
          <Tabs.Content value="raw" className="tabs-content stack tight">
            <JsonEditor
              value={draft.raw}
              onChange={(raw) => set({ raw })}
              label="Workflow input as JSON"
              invalid={!!errors.raw}
              minHeight="160px"
            />
            {errors.raw ? (
              <span className="field-error">{errors.raw}</span>
            ) : (
              <span className="hint">
                The whole input as one JSON value; an object’s fields become the Start block’s
                fields.
              </span>
            )}
          </Tabs.Content>
        </Tabs.Root>

        <Collapsible.Root className="controls">
          <Collapsible.Trigger className="btn ghost sm collapsible-trigger">
            <ChevronDown aria-hidden="true" /> Execution controls
          </Collapsible.Trigger>
          <Collapsible.Content className="stack" style={{ paddingTop: 12 }}>
            {async && (
              <div className="callout info">
                <Info aria-hidden="true" />
                <div>
                  The service refuses these controls for background runs (it answers HTTP 400), so
                  they are off while “Run in background” is chosen. Switch to “Wait for result” or
                  “Stream” to use them.
                </div>
              </div>
            )}
            <fieldset
              className="stack tight"
              disabled={async}
              style={{ border: 0, padding: 0, margin: 0 }}
            >
              <div className="field">
                <label htmlFor="ctl-outputs">Selected outputs</label>
                <input
                  id="ctl-outputs"
                  className="input mono"
                  placeholder="agent1.content, summary.result"
                  value={draft.selectedOutputs}
                  onChange={(e) => set({ selectedOutputs: e.target.value })}
                  aria-invalid={errors.selectedOutputs ? 'true' : undefined}
                />
                {errors.selectedOutputs ? (
                  <span className="error">{errors.selectedOutputs}</span>
                ) : (
                  <span className="hint">
                    blockName.field, separated by commas.{' '}
                    {draft.mode === 'stream' && 'These are the outputs that stream.'}
                  </span>
                )}
              </div>
              <div className="field-row">
                <div className="field">
                  <label htmlFor="ctl-stop">Stop after block</label>
                  <input
                    id="ctl-stop"
                    className="input mono"
                    value={draft.stopAfterBlockId}
                    onChange={(e) => set({ stopAfterBlockId: e.target.value })}
                  />
                </div>
                <div className="field">
                  <label htmlFor="ctl-b64">Base64 max bytes</label>
                  <input
                    id="ctl-b64"
                    className="input"
                    inputMode="numeric"
                    value={draft.base64MaxBytes}
                    onChange={(e) => set({ base64MaxBytes: e.target.value })}
                    aria-invalid={errors.base64MaxBytes ? 'true' : undefined}
                  />
                  {errors.base64MaxBytes && <span className="error">{errors.base64MaxBytes}</span>}
                </div>
              </div>
              <label className="check">
                <input
                  type="checkbox"
                  checked={draft.includeFileBase64}
                  onChange={(e) => set({ includeFileBase64: e.target.checked })}
                />
                Include file contents as base64 in the output
              </label>
            </fieldset>
          </Collapsible.Content>
        </Collapsible.Root>
      </div>
      <div className="dialog-footer">
        <button type="submit" className="btn primary" disabled={props.running}>
          <Play aria-hidden="true" /> {props.running ? 'Running…' : 'Run workflow'}
        </button>
      </div>
    </form>
  )
}
