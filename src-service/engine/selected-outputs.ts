// selectedOutputs entries (`blockName.path`, API-NOTES): which block and field each names, and
// whether that block type produces such a field (the spec's 400 INVALID_SELECTED_OUTPUT).
import {
  blockName,
  isStartType,
  normalizeName,
  readInputFormat,
  subBlockValue,
} from './definition.ts'
import type { Definition, RawBlock } from './definition.ts'

const FIELDS: Record<string, readonly string[]> = {
  function: ['result', 'stdout'],
  condition: ['conditionResult', 'selectedOption', 'selectedPath'],
  api: ['data', 'status', 'headers'],
  agent: ['content', 'model', 'tokens'],
  response: ['data', 'status', 'headers'],
  wait: ['waitDuration', 'status'],
  human_in_the_loop: ['submission', 'approved'],
}

/** The first path segments a block can produce; `undefined` means any (child workflows). */
export function outputFields(block: RawBlock): string[] | undefined {
  if (block.type === 'workflow') return undefined
  // A block that fails onto an error edge outputs `{error}`.
  const common = ['error']
  if (isStartType(block.type)) {
    const fields = readInputFormat(subBlockValue(block, 'inputFormat')).map((f) => f.name)
    return fields.length === 0 ? undefined : [...fields, 'input', ...common]
  }
  if (block.type === 'human_in_the_loop') {
    const fields = readInputFormat(subBlockValue(block, 'inputFormat')).map((f) => f.name)
    return [...FIELDS.human_in_the_loop!, ...fields, ...common]
  }
  const fields = FIELDS[block.type]
  return fields ? [...fields, ...common] : []
}

export interface SelectedTarget {
  entry: string
  blockId: string
  /** dotted path inside the block's output, e.g. `content` or `data.items.0` */
  path: string
}

export type SelectedResolution = SelectedTarget | { entry: string; message: string }

export function resolveSelectedOutput(def: Definition, entry: string): SelectedResolution {
  const dot = entry.indexOf('.')
  const name = dot < 0 ? entry : entry.slice(0, dot)
  const path = dot < 0 ? '' : entry.slice(dot + 1).replace(/\[(\d+)\]/g, '.$1')
  const wanted = normalizeName(name)
  const found =
    Object.entries(def.blocks).find(([id, b]) => normalizeName(blockName(id, b)) === wanted) ??
    (def.blocks[name] ? ([name, def.blocks[name]] as const) : undefined)
  if (!found) return { entry, message: `Selected output "${entry}": no block is named "${name}"` }
  const [blockId, block] = found
  if (block.enabled === false) {
    return { entry, message: `Selected output "${entry}": block "${name}" is disabled` }
  }
  if (path === '') {
    return { entry, message: `Selected output "${entry}" must name a field (blockName.field)` }
  }
  const fields = outputFields(block)
  const first = path.split('.')[0]!
  if (fields && !fields.includes(first)) {
    return {
      entry,
      message: `Selected output "${entry}": a ${block.type} block has no field "${first}" (it has ${fields.join(', ')})`,
    }
  }
  return { entry, blockId, path }
}

/** The entries that name no existing block or field, each with a message; empty when all fit. */
export function validateSelectedOutputs(
  def: Definition,
  selected: readonly string[],
): Array<{ entry: string; message: string }> {
  return selected
    .map((entry) => resolveSelectedOutput(def, entry))
    .filter((r): r is { entry: string; message: string } => 'message' in r)
}

export function readPath(value: unknown, path: string): unknown {
  let current = value
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined
    if (!Object.hasOwn(current, key)) return undefined
    current = (current as Record<string, unknown>)[key]
  }
  return current
}

/** How a selected non-streaming value travels as one chunk (API-NOTES, "Stream frames"). */
export function chunkText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value, null, 2)
}
