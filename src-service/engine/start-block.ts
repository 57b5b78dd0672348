// The Start block: reads each declared input field from the workflow input and coerces it to
// its declared type (API-NOTES, "Execute input").
import { readInputFormat, safeJson } from './definition.ts'
import type { InputField } from './definition.ts'

export interface FileOptions {
  includeFileBase64?: boolean
  base64MaxBytes?: number
}

export interface FileOutput {
  name: string
  mime: string
  /** Decoded size in bytes; absent for `url` files, which the engine does not download. */
  size?: number
  type: 'file' | 'url'
  url?: string
  base64?: string
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** `input.<name>`, then `<name>`, then the field's default. */
function lookupField(input: unknown, field: InputField): unknown {
  if (isRecord(input)) {
    if (isRecord(input.input) && Object.hasOwn(input.input, field.name)) {
      return input.input[field.name]
    }
    if (Object.hasOwn(input, field.name)) return input[field.name]
  }
  return field.value
}

export function startOutput(
  inputFormat: unknown,
  input: unknown,
  options: FileOptions,
): Record<string, unknown> {
  const fields = readInputFormat(inputFormat)
  const output: Record<string, unknown> = {}
  // Without declared fields the whole input is addressable by its own names.
  if (fields.length === 0 && isRecord(input)) Object.assign(output, input)
  for (const field of fields) {
    const raw = lookupField(input, field)
    if (raw === undefined) continue
    output[field.name] = coerce(field, raw, options)
  }
  output.input = input
  return output
}

function coerce(field: InputField, value: unknown, options: FileOptions): unknown {
  const type = field.type.toLowerCase()
  switch (type) {
    case 'string':
      return typeof value === 'number' || typeof value === 'boolean' ? String(value) : value
    case 'number':
      if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) {
        return Number(value)
      }
      return value
    case 'boolean':
      if (typeof value === 'string' && /^(true|false)$/i.test(value.trim())) {
        return value.trim().toLowerCase() === 'true'
      }
      return value
    case 'object':
    case 'array':
    case 'json':
      if (typeof value === 'string') {
        const parsed = safeJson(value)
        if (parsed !== undefined) return parsed
      }
      return value
    case 'file[]':
    case 'files':
    case 'file':
      return (Array.isArray(value) ? value : [value]).map((f, i) =>
        fileOutput(f, `${field.name}[${i}]`, options),
      )
    default:
      return value
  }
}

export class InputError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'InputError'
  }
}

const DATA_URL = /^data:([^;,]*)((?:;[^;,]*)*?)(;base64)?,(.*)$/s

function fileOutput(value: unknown, where: string, options: FileOptions): FileOutput {
  if (!isRecord(value) || typeof value.data !== 'string') {
    throw new InputError(`Input ${where}: expected a file {type, data, name, mime}`)
  }
  const kind = value.type === 'url' ? 'url' : 'file'
  const name = typeof value.name === 'string' ? value.name : 'file'
  if (kind === 'url') {
    if (!/^https?:\/\//i.test(value.data)) {
      throw new InputError(`Input ${where}: a url file needs an http(s) address`)
    }
    const mime = typeof value.mime === 'string' ? value.mime : 'application/octet-stream'
    return { name, mime, type: 'url', url: value.data }
  }
  const match = DATA_URL.exec(value.data)
  if (!match) throw new InputError(`Input ${where}: file data must be a data URL`)
  const bytes = match[3]
    ? Buffer.from(match[4]!, 'base64')
    : Buffer.from(decodeURIComponent(match[4]!), 'utf8')
  const mime =
    typeof value.mime === 'string' && value.mime !== ''
      ? value.mime
      : match[1] || 'application/octet-stream'
  const output: FileOutput = { name, mime, size: bytes.length, type: 'file' }
  const cap = options.base64MaxBytes
  if (options.includeFileBase64 && (cap === undefined || bytes.length <= cap)) {
    output.base64 = bytes.toString('base64')
  }
  return output
}
