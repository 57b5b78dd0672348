// The run history copy of a run (kept in its log row for 30 days): secret values removed and
// sizes capped, so a log or an expired job never hands back a credential or megabytes of output.

/** Output kept in run history, in bytes of JSON. */
export const HISTORY_OUTPUT_MAX_BYTES = 16 * 1024
/** Each block's output inside the log's block list. */
export const HISTORY_BLOCK_OUTPUT_MAX_BYTES = 4 * 1024
/** The workflow input kept in the log. */
export const HISTORY_INPUT_MAX_BYTES = 8 * 1024

export const REDACTED = '[redacted]'

/** Field names whose values are secrets whatever they hold (`apiKey`, `x-api-key`, `password`). */
const SECRET_NAME =
  /^(?:.*[-_ ])?(?:password|passwd|secret|client[-_]?secret|api[-_]?key|apikey|x-api-key|access[-_]?token|refresh[-_]?token|auth[-_]?token|token|bearer|authorization|cookie|set-cookie|credentials?|private[-_]?key)$/i

/** Key-shaped strings: service keys, OpenAI-style keys, bearer tokens. */
const SECRET_TEXT =
  /\b(?:sk-service-[A-Za-z0-9_-]{8,}|sk-[A-Za-z0-9_-]{16,}|Bearer\s+[A-Za-z0-9._~+/-]{12,}=*)/g

/**
 * A copy of `value` with secrets replaced by `[redacted]`: values under secret-looking names,
 * key-shaped text, and every occurrence of the given secret values (the run's `{{ENV}}` values).
 */
export function redactSecrets(value: unknown, secrets: readonly string[] = []): unknown {
  const known = secrets.filter((s) => s.length >= 4).sort((a, b) => b.length - a.length)
  const text = (s: string): string => {
    let out = s.replace(SECRET_TEXT, REDACTED)
    for (const secret of known) if (out.includes(secret)) out = out.split(secret).join(REDACTED)
    return out
  }
  const walk = (v: unknown, depth: number): unknown => {
    if (typeof v === 'string') return text(v)
    if (v === null || typeof v !== 'object') return v
    if (depth > 64) return '[too deep]'
    if (Array.isArray(v)) return v.map((item) => walk(item, depth + 1))
    const out: Record<string, unknown> = {}
    for (const [k, item] of Object.entries(v)) {
      out[k] =
        SECRET_NAME.test(k) && item !== null && item !== '' ? REDACTED : walk(item, depth + 1)
    }
    return out
  }
  return walk(value, 0)
}

export interface CappedValue {
  truncated: true
  /** Size of the full value as JSON, in bytes. */
  bytes: number
  /** The first bytes of that JSON text. */
  preview: string
}

/** `value` itself when its JSON fits in `maxBytes`, else a preview of it. */
export function capValue(value: unknown, maxBytes: number): unknown {
  if (value === undefined) return undefined
  const text = JSON.stringify(value) ?? 'null'
  const bytes = Buffer.byteLength(text)
  if (bytes <= maxBytes) return value
  // Cut on a character boundary: decode the first maxBytes bytes and drop a split character.
  const preview = Buffer.from(text)
    .subarray(0, maxBytes)
    .toString('utf8')
    .replace(/\uFFFD$/, '')
  return { truncated: true, bytes, preview } satisfies CappedValue
}

export interface HistoryBlock {
  blockId: string
  blockName?: string
  blockType?: string
  startedAt?: string
  endedAt?: string
  durationMs?: number
  success?: boolean
  error?: string
  output?: unknown
}

/** What a log row keeps of a run: the log detail's `executionData` and the run history. */
export interface HistoryData {
  status: string
  mode: string
  attempts?: number
  input?: unknown
  output?: unknown
  error?: string
  blocks: HistoryBlock[]
}

export function historyData(
  run: {
    status: string
    mode: string
    attempts?: number
    input: unknown
    output: unknown
    error: string | null
    blockLogs: unknown[]
  },
  secrets: readonly string[],
): HistoryData {
  const clean = (v: unknown, max: number) => capValue(redactSecrets(v, secrets), max)
  const blocks = run.blockLogs.map((raw) => {
    const log = raw as HistoryBlock
    const { output, error, ...rest } = log
    return {
      ...rest,
      ...(error !== undefined ? { error: String(redactSecrets(error, secrets)) } : {}),
      ...(output !== undefined ? { output: clean(output, HISTORY_BLOCK_OUTPUT_MAX_BYTES) } : {}),
    }
  })
  return {
    status: run.status,
    mode: run.mode,
    ...(run.attempts !== undefined ? { attempts: run.attempts } : {}),
    input: clean(run.input, HISTORY_INPUT_MAX_BYTES),
    ...(run.output !== undefined ? { output: clean(run.output, HISTORY_OUTPUT_MAX_BYTES) } : {}),
    ...(run.error ? { error: String(redactSecrets(run.error, secrets)) } : {}),
    blocks,
  }
}
