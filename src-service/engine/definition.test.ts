import { describe, expect, it } from 'vitest'
import {
  definitionVariables,
  describeInputs,
  parseDefinition,
  unknownBlockTypes,
} from './definition.ts'
import { validateSelectedOutputs } from './selected-outputs.ts'
import { block, definition, edge, fn, start } from './test-helpers.ts'

describe('parseDefinition', () => {
  it('accepts the editor export with extra fields and keeps them', () => {
    const raw = {
      blocks: {
        start: { ...start(), position: { x: 1, y: 2 }, outputs: {} },
      },
      edges: [],
      variables: {},
      loops: {},
      lastSaved: 123,
    }
    const parsed = parseDefinition(raw)
    expect(parsed.ok).toBe(true)
    if (parsed.ok) {
      expect(parsed.definition.loops).toEqual({})
      expect(parsed.definition.blocks.start!.position).toEqual({ x: 1, y: 2 })
    }
  })

  it('unwraps the file export {state: {...}}', () => {
    const parsed = parseDefinition({ state: { blocks: { start: start() }, edges: [] } })
    expect(parsed.ok && Object.keys(parsed.definition.blocks)).toEqual(['start'])
  })

  it('reports the shape errors as zod issues with a first message', () => {
    const parsed = parseDefinition({ blocks: { a: { name: 'A' } }, edges: [] })
    expect(parsed.ok).toBe(false)
    if (!parsed.ok) {
      expect(parsed.error).toMatch(/^blocks\.a\.type:/)
      expect(parsed.issues[0]!.path).toEqual(['blocks', 'a', 'type'])
    }
  })

  it('rejects edges to missing blocks, duplicate names and cycles', () => {
    const dangling = parseDefinition({ blocks: { start: start() }, edges: [edge('start', 'x')] })
    expect(!dangling.ok && dangling.error).toBe('Edge target "x" is not a block')
    const twins = parseDefinition({
      blocks: { a: fn('a', ''), b: { ...fn('b', ''), name: 'A' } },
      edges: [],
    })
    expect(!twins.ok && twins.error).toMatch(/same name/)
    const cycle = parseDefinition({
      blocks: { start: start(), a: fn('a', ''), b: fn('b', '') },
      edges: [edge('start', 'a'), edge('a', 'b'), edge('b', 'a')],
    })
    expect(!cycle.ok && cycle.error).toMatch(/cycle/)
  })
})

describe('unknownBlockTypes', () => {
  it('names each unsupported type once', () => {
    const def = definition(
      [start(), block('x', 'slack'), block('y', 'slack'), block('z', 'loop'), fn('f', '')],
      [],
    )
    expect(unknownBlockTypes(def)).toEqual(['slack', 'loop'])
  })
})

describe('describeInputs', () => {
  it("lists the Start block's fields", () => {
    const def = definition(
      [
        block('start', 'starter', {
          inputFormat: [
            { id: '1', name: 'name', type: 'string', description: 'Who to greet' },
            { id: '2', name: 'count', type: 'number', value: 2 },
            { id: '3', name: '', type: 'string' },
          ],
        }),
      ],
      [],
    )
    expect(describeInputs(def)).toEqual([
      { name: 'name', type: 'string', description: 'Who to greet' },
      { name: 'count', type: 'number', value: 2 },
    ])
  })
})

describe('definitionVariables', () => {
  it('reads editor variables by name, typed', () => {
    const def = definition([start()], [], {
      v1: { id: 'v1', name: 'limit', type: 'number', value: '5' },
      v2: { id: 'v2', name: 'flags', type: 'object', value: '{"a":true}' },
    })
    expect(definitionVariables(def)).toEqual({ limit: 5, flags: { a: true } })
  })
})

describe('validateSelectedOutputs', () => {
  const def = definition(
    [
      start([{ name: 'topic', type: 'string' }]),
      block('agent', 'agent', {}, { name: 'Agent 1' }),
      fn('fn', ''),
      block('api', 'api'),
      block('check', 'condition'),
      block('child', 'workflow'),
      { ...fn('off', ''), enabled: false },
    ],
    [],
  )

  it('accepts fields the block type produces', () => {
    expect(
      validateSelectedOutputs(def, [
        'agent1.content',
        'agent1.tokens.total',
        'fn.result',
        'fn.stdout',
        'api.data.items',
        'api.status',
        'start.topic',
        'start.input',
        'check.selectedOption',
        'child.anything',
      ]),
    ).toEqual([])
  })

  it('names unknown blocks, unknown fields, missing fields and disabled blocks', () => {
    const invalid = validateSelectedOutputs(def, [
      'nosuch.result',
      'fn.content',
      'agent1',
      'start.other',
      'off.result',
    ])
    expect(invalid.map((i) => i.entry)).toEqual([
      'nosuch.result',
      'fn.content',
      'agent1',
      'start.other',
      'off.result',
    ])
    expect(invalid[1]!.message).toMatch(/function block has no field "content"/)
  })
})
