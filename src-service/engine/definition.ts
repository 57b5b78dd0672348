// The workflow definition: the editor's export shape `{blocks, edges, variables}` (API-NOTES,
// "Workflow definitions"). Parsing is permissive about extra editor fields, strict about what
// the engine relies on (block types are strings, edges point at blocks, no cycles).
import { z } from 'zod'

export const SUPPORTED_BLOCK_TYPES = [
  'start_trigger',
  'starter',
  'function',
  'condition',
  'api',
  'agent',
  'response',
  'wait',
  'human_in_the_loop',
  'workflow',
] as const

export type BlockType = (typeof SUPPORTED_BLOCK_TYPES)[number]

const SubBlockSchema = z.looseObject({ value: z.unknown().optional() })

export const BlockSchema = z.looseObject({
  id: z.string().optional(),
  type: z.string().min(1),
  name: z.string().optional(),
  subBlocks: z.record(z.string(), SubBlockSchema.nullable()).optional(),
  enabled: z.boolean().optional(),
})

export const EdgeSchema = z.looseObject({
  id: z.string().optional(),
  source: z.string().min(1),
  target: z.string().min(1),
  sourceHandle: z.string().nullish(),
  targetHandle: z.string().nullish(),
})

export const DefinitionSchema = z.looseObject({
  blocks: z.record(z.string(), BlockSchema),
  edges: z.array(EdgeSchema).default([]),
  variables: z
    .union([z.record(z.string(), z.unknown()), z.array(z.unknown())])
    .nullish()
    .transform((v) => v ?? {}),
})

export type RawBlock = z.infer<typeof BlockSchema>
export type Edge = z.infer<typeof EdgeSchema>
export type Definition = z.infer<typeof DefinitionSchema>

export type ParseResult =
  { ok: true; definition: Definition } | { ok: false; error: string; issues: z.core.$ZodIssue[] }

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** `Agent 1` -> `agent1`: how references and selectedOutputs name a block. */
export const normalizeName = (name: string): string => name.toLowerCase().replace(/[\s.]+/g, '')

export const blockName = (id: string, block: RawBlock): string => block.name ?? id

export const isStartType = (type: string): boolean => type === 'start_trigger' || type === 'starter'

/**
 * Accepts `{blocks, edges, variables}`, also wrapped as `{state: {...}}` (the editor's file
 * export). Extra fields pass through untouched so an export re-imports as it was.
 */
export function parseDefinition(raw: unknown): ParseResult {
  const source = isRecord(raw) && isRecord(raw.state) && !('blocks' in raw) ? raw.state : raw
  const parsed = DefinitionSchema.safeParse(source)
  if (!parsed.success) {
    const first = parsed.error.issues[0]
    const where = first && first.path.length > 0 ? `${first.path.join('.')}: ` : ''
    return {
      ok: false,
      error: `${where}${first?.message ?? 'invalid'}`,
      issues: parsed.error.issues,
    }
  }
  const definition = parsed.data
  const issues = structuralIssues(definition)
  if (issues.length > 0) return { ok: false, error: issues[0]!.message, issues }
  return { ok: true, definition }
}

function issue(path: PropertyKey[], message: string): z.core.$ZodIssue {
  return { code: 'custom', path, message, input: undefined } as z.core.$ZodIssue
}

function structuralIssues(def: Definition): z.core.$ZodIssue[] {
  const issues: z.core.$ZodIssue[] = []
  const seenNames = new Map<string, string>()
  for (const [id, block] of Object.entries(def.blocks)) {
    if (block.id !== undefined && block.id !== id) {
      issues.push(issue(['blocks', id, 'id'], `Block key "${id}" and its id "${block.id}" differ`))
    }
    const normalized = normalizeName(blockName(id, block))
    const other = seenNames.get(normalized)
    if (other !== undefined) {
      issues.push(issue(['blocks', id, 'name'], `Blocks "${other}" and "${id}" have the same name`))
    }
    seenNames.set(normalized, id)
  }
  def.edges.forEach((edge, i) => {
    for (const end of ['source', 'target'] as const) {
      if (!(edge[end] in def.blocks)) {
        issues.push(issue(['edges', i, end], `Edge ${end} "${edge[end]}" is not a block`))
      }
    }
  })
  if (issues.length === 0 && hasCycle(def)) {
    issues.push(issue(['edges'], 'The edges form a cycle; a workflow must be acyclic'))
  }
  return issues
}

function hasCycle(def: Definition): boolean {
  const out = new Map<string, string[]>()
  for (const e of def.edges) out.set(e.source, [...(out.get(e.source) ?? []), e.target])
  const state = new Map<string, 'visiting' | 'done'>()
  const visit = (id: string): boolean => {
    const s = state.get(id)
    if (s === 'done') return false
    if (s === 'visiting') return true
    state.set(id, 'visiting')
    for (const next of out.get(id) ?? []) if (visit(next)) return true
    state.set(id, 'done')
    return false
  }
  return Object.keys(def.blocks).some(visit)
}

/** Block types the engine cannot run, each named once (import answers 400 naming them). */
export function unknownBlockTypes(def: Definition): string[] {
  const known: readonly string[] = SUPPORTED_BLOCK_TYPES
  return [...new Set(Object.values(def.blocks).map((b) => b.type))].filter(
    (t) => !known.includes(t),
  )
}

export function subBlockValue(block: RawBlock, key: string): unknown {
  return block.subBlocks?.[key]?.value
}

export function findStartBlock(def: Definition): { id: string; block: RawBlock } | undefined {
  const found = Object.entries(def.blocks).find(
    ([, b]) => isStartType(b.type) && b.enabled !== false,
  )
  return found && { id: found[0], block: found[1] }
}

export interface InputField {
  name: string
  type: string
  description?: string
  value?: unknown
}

/** Reads an `inputFormat` subBlock (Start and human-in-the-loop blocks). */
export function readInputFormat(value: unknown): InputField[] {
  const list = typeof value === 'string' ? safeJson(value) : value
  if (!Array.isArray(list)) return []
  return list.filter(isRecord).flatMap((field) =>
    typeof field.name === 'string' && field.name.trim() !== ''
      ? [
          {
            name: field.name.trim(),
            type: typeof field.type === 'string' && field.type !== '' ? field.type : 'string',
            ...(typeof field.description === 'string' ? { description: field.description } : {}),
            ...(field.value !== undefined && field.value !== '' ? { value: field.value } : {}),
          },
        ]
      : [],
  )
}

/** The Start block's input fields with their defaults, for run forms (workflow detail `inputs`). */
export function describeInputs(
  def: Definition,
): Array<{ name: string; type: string; description?: string; value?: unknown }> {
  const start = findStartBlock(def)
  if (!start) return []
  return readInputFormat(subBlockValue(start.block, 'inputFormat')).map(
    ({ name, type, description, value }) => ({
      name,
      type,
      ...(description !== undefined ? { description } : {}),
      ...(value !== undefined ? { value } : {}),
    }),
  )
}

/**
 * Workflow variables as name -> value. The editor stores `{<id>: {name, type, value}}`; a plain
 * `{name: value}` map (or a list of `{name, value}`) is accepted too.
 */
export function definitionVariables(def: Definition): Record<string, unknown> {
  const entries = Array.isArray(def.variables) ? def.variables : Object.entries(def.variables)
  const result: Record<string, unknown> = {}
  for (const entry of entries) {
    if (Array.isArray(entry)) {
      const [key, v] = entry as [string, unknown]
      if (isRecord(v) && typeof v.name === 'string' && 'value' in v) {
        result[v.name] = coerceVariable(v.value, v.type)
      } else {
        result[key] = v
      }
    } else if (isRecord(entry) && typeof entry.name === 'string') {
      result[entry.name] = coerceVariable(entry.value, entry.type)
    }
  }
  return result
}

function coerceVariable(value: unknown, type: unknown): unknown {
  if (typeof value !== 'string') return value
  if (type === 'number' && value.trim() !== '' && Number.isFinite(Number(value))) {
    return Number(value)
  }
  if (type === 'boolean' && (value === 'true' || value === 'false')) return value === 'true'
  if (type === 'object' || type === 'array' || type === 'json') return safeJson(value) ?? value
  return value
}

export function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
