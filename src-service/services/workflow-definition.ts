// The one adapter between the workflow service and the definition format (API-NOTES,
// "Workflow definitions"). It reads just enough to import a definition safely: the shape,
// the block types, and the Start block's declared inputs.
// TODO(engine): once src-service/engine exports parseDefinition / unknownBlockTypes /
// describeInputs, delegate to them here; nothing else in the service needs to change.
import { invalid } from './errors.ts'

export const KNOWN_BLOCK_TYPES = [
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

export interface WorkflowInput {
  name: string
  type: string
  description?: string
}

export interface Definition {
  blocks: Record<
    string,
    { id?: string; type: string; name?: string; subBlocks?: Record<string, { value?: unknown }> }
  >
  edges: unknown[]
  variables: Record<string, unknown> | unknown[]
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * Accepts the editor's export shape `{blocks, edges, variables}`, also when wrapped as
 * `{state: {...}}` (the editor's file export). Throws a 400-kind ServiceError otherwise.
 */
export function readDefinition(raw: unknown): Definition {
  const source = isObject(raw) && isObject(raw.state) ? raw.state : raw
  if (!isObject(source) || !isObject(source.blocks)) {
    throw invalid('workflow: expected an object with `blocks`, `edges` and `variables`')
  }
  const blocks: Definition['blocks'] = {}
  for (const [id, block] of Object.entries(source.blocks)) {
    if (!isObject(block) || typeof block.type !== 'string') {
      throw invalid(`workflow.blocks.${id}: expected a block with a string \`type\``)
    }
    blocks[id] = block as Definition['blocks'][string]
  }
  const edges = source.edges ?? []
  if (!Array.isArray(edges)) throw invalid('workflow.edges: expected an array')
  const variables = source.variables ?? {}
  if (!isObject(variables) && !Array.isArray(variables)) {
    throw invalid('workflow.variables: expected an object')
  }
  const unknown = [...new Set(Object.values(blocks).map((b) => b.type))].filter(
    (type) => !(KNOWN_BLOCK_TYPES as readonly string[]).includes(type),
  )
  if (unknown.length > 0) {
    throw invalid(`Unknown block types: ${unknown.join(', ')}`, [{ unknownBlockTypes: unknown }])
  }
  return { blocks, edges, variables }
}

/** The Start block's input fields, for run forms (workflow detail `inputs`). */
export function describeInputs(definition: Definition): WorkflowInput[] {
  const start = Object.values(definition.blocks).find(
    (b) => b.type === 'start_trigger' || b.type === 'starter',
  )
  const format = start?.subBlocks?.inputFormat?.value
  if (!Array.isArray(format)) return []
  return format.filter(isObject).flatMap((field) =>
    typeof field.name === 'string' && field.name !== ''
      ? [
          {
            name: field.name,
            type: typeof field.type === 'string' ? field.type : 'string',
            ...(typeof field.description === 'string' ? { description: field.description } : {}),
          },
        ]
      : [],
  )
}

/** The agent workflow every new workspace starts with (unless skipDefaultWorkflow). */
export function defaultAgentDefinition(): Definition {
  return {
    blocks: {
      start: {
        id: 'start',
        type: 'start_trigger',
        name: 'Start',
        subBlocks: { inputFormat: { value: [{ name: 'message', type: 'string' }] } },
      },
      agent: {
        id: 'agent',
        type: 'agent',
        name: 'Agent 1',
        subBlocks: {
          messages: { value: [{ role: 'user', content: '<start.message>' }] },
          model: { value: 'gpt-4o-mini' },
          temperature: { value: 0.7 },
        },
      },
    },
    edges: [{ id: 'start-agent', source: 'start', target: 'agent' }],
    variables: {},
  }
}
