// The one adapter between the workflow service and the engine's definition format
// (API-NOTES, "Workflow definitions"): validation, unknown block types, inputs, variables.
import {
  definitionVariables,
  describeInputs as engineDescribeInputs,
  parseDefinition,
  unknownBlockTypes,
  type Definition,
} from '../engine/definition.ts'
import { invalid } from './errors.ts'

export type { Definition }

export interface WorkflowInput {
  name: string
  type: string
  description?: string
  /** The field's default (the editor's `value`), used when a run leaves it out. */
  default?: unknown
}

/**
 * Accepts the editor's export shape `{blocks, edges, variables}`, also wrapped as
 * `{state: {...}}`. Throws a 400-kind ServiceError naming the first problem (and, for block
 * types the engine cannot run, every such type).
 */
export function readDefinition(raw: unknown): Definition {
  const parsed = parseDefinition(raw)
  if (!parsed.ok) {
    const details = parsed.issues.map((i) => ({ ...i, path: ['workflow', ...i.path.map(String)] }))
    throw invalid(`Invalid workflow: ${parsed.error}`, details)
  }
  const unknown = unknownBlockTypes(parsed.definition)
  if (unknown.length > 0) {
    throw invalid(`Unknown block types: ${unknown.join(', ')}`, [{ unknownBlockTypes: unknown }])
  }
  return parsed.definition
}

export const describeInputs = (definition: Definition): WorkflowInput[] =>
  engineDescribeInputs(definition).map(({ value, ...field }) =>
    value === undefined ? field : { ...field, default: value },
  )

export const variablesOf = (definition: Definition): Record<string, unknown> =>
  definitionVariables(definition)

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
