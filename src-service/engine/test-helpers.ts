// Builders for definitions in tests: terse blocks and edges in the editor's export shape.
import { parseDefinition } from './definition.ts'
import type { Definition } from './definition.ts'

export function block(
  id: string,
  type: string,
  subBlocks: Record<string, unknown> = {},
  extra = {},
) {
  const name = id.charAt(0).toUpperCase() + id.slice(1)
  const sub = Object.fromEntries(Object.entries(subBlocks).map(([k, value]) => [k, { value }]))
  return { id, type, name, subBlocks: sub, enabled: true, ...extra }
}

export function edge(source: string, target: string, sourceHandle?: string) {
  return { id: `${source}-${target}`, source, target, ...(sourceHandle ? { sourceHandle } : {}) }
}

export function definition(
  blocks: ReturnType<typeof block>[],
  edges: ReturnType<typeof edge>[],
  variables: unknown = {},
): Definition {
  const parsed = parseDefinition({
    blocks: Object.fromEntries(blocks.map((b) => [b.id, b])),
    edges,
    variables,
  })
  if (!parsed.ok) throw new Error(parsed.error)
  return parsed.definition
}

export const start = (fields: Array<{ name: string; type: string; value?: unknown }> = []) =>
  block('start', 'start_trigger', { inputFormat: fields })

export const fn = (id: string, code: string, extra = {}) => block(id, 'function', { code }, extra)
