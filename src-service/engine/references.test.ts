import { describe, expect, it } from 'vitest'
import {
  ReferenceError,
  resolveJsonTemplate,
  resolveString,
  resolveValue,
  substituteInCode,
} from './references.ts'
import type { ReferenceScope } from './references.ts'

const scope: ReferenceScope = {
  blockIds: new Map([
    ['start', 'b-start'],
    ['fetch', 'b-fetch'],
    ['agent1', 'b-agent'],
    ['idle', 'b-idle'],
  ]),
  outputs: {
    'b-start': { name: 'Ada', count: 3, input: { name: 'Ada' } },
    'b-fetch': { data: { items: [{ id: 7 }, { id: 8 }] }, status: 200 },
    'b-agent': { content: 'He said "hi"' },
  },
  variables: { 'My Var': 42, list: [1, 2] },
  env: { API_TOKEN: 'secret' },
}

describe('resolveString', () => {
  it('gives a lone reference its raw value, objects included', () => {
    expect(resolveString('<start.count>', scope)).toBe(3)
    expect(resolveString('<fetch.data.items>', scope)).toEqual([{ id: 7 }, { id: 8 }])
    expect(resolveString('<start.input>', scope)).toEqual({ name: 'Ada' })
  })

  it('follows array indices in both notations', () => {
    expect(resolveString('<fetch.data.items.1.id>', scope)).toBe(8)
    expect(resolveString('<fetch.data.items[0].id>', scope)).toBe(7)
  })

  it('stringifies embedded references', () => {
    expect(resolveString('Hi <start.name>, you have <start.count> items', scope)).toBe(
      'Hi Ada, you have 3 items',
    )
    expect(resolveString('items: <fetch.data.items>', scope)).toBe('items: [{"id":7},{"id":8}]')
  })

  it('matches block names case-insensitively', () => {
    expect(resolveString('<AGENT1.content>', scope)).toBe('He said "hi"')
  })

  it('reads variables and environment values', () => {
    expect(resolveString('<variable.myvar>', scope)).toBe(42)
    expect(resolveString('Bearer {{API_TOKEN}}', scope)).toBe('Bearer secret')
  })

  it('fails clearly on a dotted reference to no block, an unset env or variable', () => {
    expect(() => resolveString('<nosuch.field>', scope)).toThrow(
      new ReferenceError('Reference <nosuch.field> does not match any block'),
    )
    expect(() => resolveString('{{MISSING}}', scope)).toThrow(/Environment variable "MISSING"/)
    expect(() => resolveString('<variable.nope>', scope)).toThrow(/Variable "nope"/)
  })

  it('leaves text that only looks like a tag alone', () => {
    expect(resolveString('<br> and a < b && c > d', scope)).toBe('<br> and a < b && c > d')
  })

  it('resolves a block that did not run to nothing', () => {
    expect(resolveString('<idle.result>', scope)).toBeUndefined()
    expect(resolveString('[<idle.result>]', scope)).toBe('[]')
  })
})

describe('resolveValue and resolveJsonTemplate', () => {
  it('resolves inside nested objects and arrays', () => {
    expect(resolveValue({ a: ['<start.name>', { b: '<start.count>' }], c: 1 }, scope)).toEqual({
      a: ['Ada', { b: 3 }],
      c: 1,
    })
  })

  it('escapes references inside JSON strings and embeds values outside them', () => {
    expect(
      resolveJsonTemplate('{"quote": "<agent1.content>", "items": <fetch.data.items>}', scope),
    ).toEqual({ quote: 'He said "hi"', items: [{ id: 7 }, { id: 8 }] })
  })
})

describe('substituteInCode', () => {
  it('turns code references into sandbox values', () => {
    const { source, refs } = substituteInCode('return <start.name> + <start.count>', scope)
    expect(source).toBe('return __refs[0] + __refs[1]')
    expect(refs).toEqual(['Ada', 3])
  })

  it('splices text into string literals and templates, and skips comments', () => {
    const code = [
      `const a = "x <agent1.content>"`,
      `const b = 'it is <start.name>'`,
      'const c = `n=<start.count> ${<start.name>}`',
      '// <nosuch.thing> in a comment',
    ].join('\n')
    const { source, refs } = substituteInCode(code, scope)
    expect(source).toContain(`const a = "x He said \\"hi\\""`)
    expect(source).toContain(`const b = 'it is Ada'`)
    expect(source).toContain('const c = `n=${__fmt(__refs[0])} ${__refs[1]}`')
    expect(source).toContain('// <nosuch.thing> in a comment')
    expect(refs).toEqual([3, 'Ada'])
  })

  it('still fails on a broken reference in code', () => {
    expect(() => substituteInCode('return <nosuch.x>', scope)).toThrow(/does not match any block/)
  })
})
