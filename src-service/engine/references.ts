// Reference resolution in subBlock values: `<blockname.path>`, `<variable.name>`, `{{ENV}}`.
// A value that is exactly one reference keeps its type; embedded references are stringified.
// Function code gets references as sandbox values instead of text (see substituteInCode).
import { normalizeName } from './definition.ts'

export class ReferenceError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ReferenceError'
  }
}

export interface ReferenceScope {
  /** normalized block name (and `start`) -> block id, for every block in the definition */
  blockIds: ReadonlyMap<string, string>
  /** outputs of the blocks that ran so far */
  outputs: Readonly<Record<string, unknown>>
  variables: Readonly<Record<string, unknown>>
  env: Readonly<Record<string, string>>
}

// `<` + name + optional path, no whitespace inside (so `a < b && c > d` is not a reference);
// or `{{NAME}}`.
const TOKEN = /<([A-Za-z0-9_][^<>\s]*)>|\{\{([A-Za-z_][A-Za-z0-9_]*)\}\}/g

type Lookup = { found: true; value: unknown } | { found: false }

/** Resolves one token's text. `found: false` means "not a reference; leave the text alone". */
function lookup(ref: string | undefined, envName: string | undefined, scope: ReferenceScope) {
  if (envName !== undefined) {
    if (!Object.hasOwn(scope.env, envName)) {
      throw new ReferenceError(`Environment variable "${envName}" is not set`)
    }
    return { found: true, value: scope.env[envName] } satisfies Lookup
  }
  const segments = splitPath(ref ?? '')
  const head = normalizeName(segments[0] ?? '')
  const rest = segments.slice(1)
  if (head === 'variable' && rest.length > 0) {
    const wanted = normalizeName(rest[0]!)
    const name = Object.keys(scope.variables).find((n) => normalizeName(n) === wanted)
    if (name === undefined) throw new ReferenceError(`Variable "${rest[0]}" is not defined`)
    return { found: true, value: walk(scope.variables[name], rest.slice(1)) } satisfies Lookup
  }
  const blockId = scope.blockIds.get(head)
  if (blockId === undefined) {
    // `<br>` or `Array<T>` are text; a dotted name that matches no block is a broken reference.
    if (rest.length === 0) return { found: false } satisfies Lookup
    throw new ReferenceError(`Reference <${ref}> does not match any block`)
  }
  return { found: true, value: walk(scope.outputs[blockId], rest) } satisfies Lookup
}

function splitPath(ref: string): string[] {
  return ref
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter((s) => s !== '')
}

function walk(value: unknown, path: string[]): unknown {
  let current = value
  for (const key of path) {
    if (current === null || current === undefined) return undefined
    if (Array.isArray(current)) {
      current = /^\d+$/.test(key)
        ? current[Number(key)]
        : key === 'length'
          ? current.length
          : undefined
    } else if (typeof current === 'object') {
      current = Object.hasOwn(current, key) ? (current as Record<string, unknown>)[key] : undefined
    } else {
      return undefined
    }
  }
  return current
}

/** How an embedded reference reads inside text. */
export function formatEmbedded(value: unknown): string {
  if (value === undefined) return ''
  if (typeof value === 'string') return value
  if (typeof value === 'object' && value !== null) return JSON.stringify(value)
  return String(value)
}

export function resolveString(text: string, scope: ReferenceScope): unknown {
  const matches = [...text.matchAll(TOKEN)]
  if (matches.length === 0) return text
  if (matches.length === 1 && matches[0]![0] === text) {
    const hit = lookup(matches[0]![1], matches[0]![2], scope)
    if (hit.found) return hit.value
  }
  return text.replace(TOKEN, (whole, ref: string | undefined, env: string | undefined) => {
    const hit = lookup(ref, env, scope)
    return hit.found ? formatEmbedded(hit.value) : whole
  })
}

/** Resolves references in strings anywhere inside a value (objects, arrays). */
export function resolveValue(value: unknown, scope: ReferenceScope): unknown {
  if (typeof value === 'string') return resolveString(value, scope)
  if (Array.isArray(value)) return value.map((v) => resolveValue(v, scope))
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(value)) out[k] = resolveValue(v, scope)
    return out
  }
  return value
}

/**
 * Resolves a JSON text template such as `{"name": "<start.name>"}`: a reference inside a JSON
 * string is escaped for it, one outside becomes a JSON literal. Returns the parsed value, or
 * the resolved text when the result is not JSON.
 */
export function resolveJsonTemplate(text: string, scope: ReferenceScope): unknown {
  let inString = false
  let out = ''
  let last = 0
  for (const m of text.matchAll(TOKEN)) {
    inString = quoteStateAfter(text, last, m.index, inString)
    out += text.slice(last, m.index)
    last = m.index + m[0].length
    const hit = lookup(m[1], m[2], scope)
    if (!hit.found) out += m[0]
    else if (inString) out += JSON.stringify(formatEmbedded(hit.value)).slice(1, -1)
    else out += hit.value === undefined ? 'null' : JSON.stringify(hit.value)
  }
  out += text.slice(last)
  try {
    return JSON.parse(out)
  } catch {
    return resolveString(text, scope)
  }
}

function quoteStateAfter(text: string, from: number, to: number, inString: boolean): boolean {
  let state = inString
  for (let i = from; i < to; i++) {
    if (text[i] === '\\' && state) i++
    else if (text[i] === '"') state = !state
  }
  return state
}

export interface CodeWithRefs {
  /** The code with references replaced by `__refs[i]` (or literal text inside strings). */
  source: string
  refs: unknown[]
}

/**
 * Prepares JavaScript (function bodies, condition expressions). A reference in code becomes a
 * sandbox value `__refs[i]`, which reads exactly like the JSON literal the editor promises
 * (`return <start.name>` returns the string) while the compiled script stays the same across
 * runs, so the worker can cache it. Inside a string literal the value is spliced in as text.
 */
export function substituteInCode(code: string, scope: ReferenceScope): CodeWithRefs {
  const refs: unknown[] = []
  const lexer = new CodeLexer(code)
  let out = ''
  let last = 0
  for (const m of code.matchAll(TOKEN)) {
    const state = lexer.stateAt(m.index)
    if (state === 'comment') continue
    const hit = lookup(m[1], m[2], scope)
    if (!hit.found) continue
    out += code.slice(last, m.index)
    last = m.index + m[0].length
    if (state === 'code') {
      refs.push(hit.value)
      out += `__refs[${refs.length - 1}]`
    } else if (state === 'template') {
      refs.push(hit.value)
      out += `\${__fmt(__refs[${refs.length - 1}])}`
    } else {
      const escaped = JSON.stringify(formatEmbedded(hit.value)).slice(1, -1)
      out += state === 'single' ? escaped.replace(/'/g, "\\'").replace(/\\"/g, '"') : escaped
    }
  }
  out += code.slice(last)
  return { source: out, refs }
}

type LexState = 'code' | 'single' | 'double' | 'template' | 'comment'

/**
 * Just enough of a JavaScript lexer to know whether a position is in code, a string, a
 * template literal or a comment. Regex literals are treated as code (a reference inside a
 * regex is unusual and still resolves as a value).
 */
class CodeLexer {
  private readonly text: string
  private pos = 0
  private state: LexState | 'line' | 'block' = 'code'
  // Brace depth per nesting level: top-level code, then one entry per open `${`.
  private readonly braces: number[] = [0]

  constructor(text: string) {
    this.text = text
  }

  stateAt(index: number): LexState {
    while (this.pos < index) this.step()
    return this.state === 'line' || this.state === 'block' ? 'comment' : this.state
  }

  private step(): void {
    const t = this.text
    const c = t[this.pos]!
    const next = t[this.pos + 1]
    switch (this.state) {
      case 'code':
        if (c === '/' && next === '/') this.state = 'line'
        else if (c === '/' && next === '*') this.state = 'block'
        else if (c === "'") this.state = 'single'
        else if (c === '"') this.state = 'double'
        else if (c === '`') this.state = 'template'
        else if (c === '{') this.braces[this.braces.length - 1]!++
        else if (c === '}') {
          const top = this.braces.length - 1
          if (this.braces[top] === 0 && top > 0) {
            this.braces.pop()
            this.state = 'template'
          } else if (this.braces[top]! > 0) this.braces[top]!--
        }
        break
      case 'single':
      case 'double':
        if (c === '\\') this.pos++
        else if ((c === "'" && this.state === 'single') || (c === '"' && this.state === 'double'))
          this.state = 'code'
        break
      case 'template':
        if (c === '\\') this.pos++
        else if (c === '`') this.state = 'code'
        else if (c === '$' && next === '{') {
          this.braces.push(0)
          this.state = 'code'
          this.pos++
        }
        break
      case 'line':
        if (c === '\n') this.state = 'code'
        break
      case 'block':
        if (c === '*' && next === '/') {
          this.state = 'code'
          this.pos++
        }
        break
    }
    this.pos++
  }
}
