import { describe, expect, it } from 'vitest'
import { startOutput } from './start-block.ts'

const fields = [
  { name: 'name', type: 'string', value: 'World' },
  { name: 'n', type: 'number' },
  { name: 'ok', type: 'boolean' },
  { name: 'cfg', type: 'object' },
  { name: 'list', type: 'array' },
]

describe('startOutput', () => {
  it('coerces declared fields and keeps the raw input', () => {
    const input = { n: '42', ok: 'false', cfg: '{"a":1}', list: '[1,2]', extra: 'x' }
    expect(startOutput(fields, input, {})).toEqual({
      name: 'World',
      n: 42,
      ok: false,
      cfg: { a: 1 },
      list: [1, 2],
      input,
    })
  })

  it('looks a field up as input.<name> first, then <name>, then the default', () => {
    const out = startOutput(fields, { input: { name: 'Inner' }, name: 'Outer', n: 1 }, {})
    expect(out.name).toBe('Inner')
    expect(out.n).toBe(1)
    expect(startOutput(fields, { name: 'Outer' }, {}).name).toBe('Outer')
  })

  it('leaves values that do not parse as they came', () => {
    const out = startOutput(fields, { n: 'abc', ok: 'yes', cfg: '{oops' }, {})
    expect(out).toMatchObject({ n: 'abc', ok: 'yes', cfg: '{oops' })
  })

  it('passes a primitive input through as `input`', () => {
    expect(startOutput([], 'just text', {})).toEqual({ input: 'just text' })
    expect(startOutput([], { a: 1 }, {})).toEqual({ a: 1, input: { a: 1 } })
  })

  describe('file[] fields', () => {
    const files = [{ name: 'docs', type: 'file[]' }]
    const hello = Buffer.from('hello world').toString('base64')
    const input = {
      docs: [
        {
          type: 'file',
          data: `data:text/plain;base64,${hello}`,
          name: 'a.txt',
          mime: 'text/plain',
        },
        { type: 'url', data: 'https://example.com/b.pdf', name: 'b.pdf', mime: 'application/pdf' },
      ],
    }

    it('decodes data URLs to know the size and omits base64 unless asked', () => {
      expect(startOutput(files, input, {}).docs).toEqual([
        { name: 'a.txt', mime: 'text/plain', size: 11, type: 'file' },
        { name: 'b.pdf', mime: 'application/pdf', type: 'url', url: 'https://example.com/b.pdf' },
      ])
    })

    it('includes base64 only with includeFileBase64 and within base64MaxBytes', () => {
      const withB64 = startOutput(files, input, { includeFileBase64: true }) as { docs: unknown[] }
      expect(withB64.docs[0]).toMatchObject({ base64: hello })
      const capped = startOutput(files, input, { includeFileBase64: true, base64MaxBytes: 5 })
      expect((capped.docs as object[])[0]).not.toHaveProperty('base64')
    })

    it('accepts a single file and rejects what is not one', () => {
      expect(startOutput(files, { docs: input.docs[0] }, {}).docs).toHaveLength(1)
      expect(() => startOutput(files, { docs: [{ type: 'file', data: 'nope' }] }, {})).toThrow(
        /data URL/,
      )
    })
  })
})
