// Turns the run form (a draft) into the workflow input and execution controls, with errors
// per field in words. Pure functions: the form keeps whatever the user typed.
import type { WorkflowInputField } from '../../src-shared/api/index.ts'
import type { RunDraft } from '../state/ui.ts'

export interface FileValue {
  type: 'file'
  data: string
  name: string
  mime: string
  size: number
}

export const isFileType = (t: string) => t === 'file' || t === 'file[]' || t === 'files'
export const isJsonType = (t: string) => t === 'object' || t === 'array' || t === 'json'

function initialValue(field: WorkflowInputField): unknown {
  const v = field.default
  if (field.type === 'boolean') return v === true || v === 'true'
  if (isJsonType(field.type)) {
    return v === undefined || v === ''
      ? field.type === 'array'
        ? '[]'
        : '{}'
      : JSON.stringify(v, null, 2)
  }
  if (isFileType(field.type)) return undefined
  return v === undefined || v === null ? '' : String(v)
}

export function defaultDraft(inputs: WorkflowInputField[]): RunDraft {
  const form: Record<string, unknown> = {}
  for (const f of inputs) form[f.name] = initialValue(f)
  return {
    mode: 'sync',
    inputKind: 'form',
    form,
    raw: JSON.stringify(formDefaults(inputs), null, 2),
    selectedOutputs: '',
    stopAfterBlockId: '',
    includeFileBase64: false,
    base64MaxBytes: '',
  }
}

function formDefaults(inputs: WorkflowInputField[]) {
  const out: Record<string, unknown> = {}
  for (const f of inputs) {
    const v = f.default
    if (v !== undefined && !isFileType(f.type)) out[f.name] = v
  }
  return out
}

export type Built<T> = { ok: true; value: T } | { ok: false; errors: Record<string, string> }

export function buildInput(
  inputs: WorkflowInputField[],
  draft: RunDraft,
  files: Record<string, FileValue[]>,
): Built<unknown> {
  if (draft.inputKind === 'raw') {
    if (!draft.raw.trim()) return { ok: true, value: {} }
    try {
      return { ok: true, value: JSON.parse(draft.raw) }
    } catch (err) {
      return { ok: false, errors: { raw: `Not valid JSON: ${(err as Error).message}` } }
    }
  }
  const value: Record<string, unknown> = {}
  const errors: Record<string, string> = {}
  for (const f of inputs) {
    const raw = draft.form[f.name]
    if (isFileType(f.type)) {
      const picked = (files[f.name] ?? []).map(({ size: _size, ...rest }) => rest)
      if (picked.length) value[f.name] = f.type === 'file' ? picked[0] : picked
      continue
    }
    if (f.type === 'boolean') {
      value[f.name] = raw === true
      continue
    }
    const text = typeof raw === 'string' ? raw : ''
    if (f.type === 'number') {
      if (text.trim() === '') continue
      const n = Number(text)
      if (Number.isNaN(n)) errors[f.name] = 'Enter a number.'
      else value[f.name] = n
      continue
    }
    if (isJsonType(f.type)) {
      if (text.trim() === '') continue
      try {
        const parsed: unknown = JSON.parse(text)
        if (f.type === 'array' && !Array.isArray(parsed)) errors[f.name] = 'Enter a JSON array.'
        else if (
          f.type === 'object' &&
          (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
        )
          errors[f.name] = 'Enter a JSON object.'
        else value[f.name] = parsed
      } catch (err) {
        errors[f.name] = `Not valid JSON: ${(err as Error).message}`
      }
      continue
    }
    if (text !== '') value[f.name] = text
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, value }
}

export interface Controls {
  selectedOutputs?: string[]
  stopAfterBlockId?: string
  includeFileBase64?: boolean
  base64MaxBytes?: number
}

/** The spec: async runs refuse every one of these (HTTP 400), so they are not sent then. */
export function buildControls(draft: RunDraft): Built<Controls> {
  if (draft.mode === 'async') return { ok: true, value: {} }
  const c: Controls = {}
  const errors: Record<string, string> = {}
  const outputs = draft.selectedOutputs
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean)
  const bad = outputs.find((o) => !/^[^.]+\.[^.].*$/.test(o))
  if (bad) errors.selectedOutputs = `“${bad}” is not of the form blockName.field.`
  if (outputs.length) c.selectedOutputs = outputs
  if (draft.stopAfterBlockId.trim()) c.stopAfterBlockId = draft.stopAfterBlockId.trim()
  if (draft.includeFileBase64) c.includeFileBase64 = true
  if (draft.base64MaxBytes.trim()) {
    const n = Number(draft.base64MaxBytes)
    if (!Number.isInteger(n) || n < 0) errors.base64MaxBytes = 'Enter a whole number of bytes.'
    else c.base64MaxBytes = n
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, value: c }
}

export function readFileAsDataUrl(file: File): Promise<FileValue> {
  return new Promise((ok, fail) => {
    const reader = new FileReader()
    reader.onerror = () => fail(reader.error ?? new Error('Could not read the file'))
    reader.onload = () =>
      ok({
        type: 'file',
        data: String(reader.result),
        name: file.name,
        mime: file.type || 'application/octet-stream',
        size: file.size,
      })
    reader.readAsDataURL(file)
  })
}
