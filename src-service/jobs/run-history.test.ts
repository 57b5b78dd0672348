import { describe, expect, it } from 'vitest'
import { REDACTED, capValue, historyData, redactSecrets } from './run-history.ts'

describe('redactSecrets', () => {
  it('removes values under secret names, key-shaped text and known secret values', () => {
    const value = {
      apiKey: 'abc',
      'x-api-key': 'def',
      password: 'hunter2',
      nested: [{ Authorization: 'Basic xyz', token: 't', tokens: { prompt: 3 } }],
      text: 'key sk-service-AAAAAAAAAAAAAAAA and Bearer abcdefghijklmnopq and the value s3cr3t-v4lue',
      count: 2,
      empty: { secret: '' },
    }
    expect(redactSecrets(value, ['s3cr3t-v4lue', 'ab'])).toEqual({
      apiKey: REDACTED,
      'x-api-key': REDACTED,
      password: REDACTED,
      nested: [{ Authorization: REDACTED, token: REDACTED, tokens: { prompt: 3 } }],
      text: `key ${REDACTED} and ${REDACTED} and the value ${REDACTED}`,
      count: 2,
      empty: { secret: '' },
    })
  })

  it('leaves values without secrets as they are', () => {
    const value = { a: [1, 'two', null, true], b: { c: 'plain' } }
    expect(redactSecrets(value)).toEqual(value)
    expect(redactSecrets('just text')).toBe('just text')
  })
})

describe('capValue', () => {
  it('keeps a value that fits and previews one that does not', () => {
    expect(capValue({ a: 1 }, 100)).toEqual({ a: 1 })
    expect(capValue(undefined, 10)).toBeUndefined()
    const big = { text: 'é'.repeat(100) }
    const capped = capValue(big, 51) as { truncated: boolean; bytes: number; preview: string }
    expect(capped.truncated).toBe(true)
    expect(capped.bytes).toBe(Buffer.byteLength(JSON.stringify(big)))
    expect(Buffer.byteLength(capped.preview)).toBeLessThanOrEqual(51)
    expect(capped.preview).not.toContain('\uFFFD')
    expect(JSON.stringify(big).startsWith(capped.preview)).toBe(true)
  })
})

describe('historyData', () => {
  it('keeps status, mode, redacted input and output, error and block summaries', () => {
    const data = historyData(
      {
        status: 'failed',
        mode: 'async',
        attempts: 2,
        input: { password: 'p', name: 'n' },
        output: undefined,
        error: 'failed with KEY-123456',
        blockLogs: [{ blockId: 'a', success: false, error: 'KEY-123456 leaked', output: { x: 1 } }],
      },
      ['KEY-123456'],
    )
    expect(data).toEqual({
      status: 'failed',
      mode: 'async',
      attempts: 2,
      input: { password: REDACTED, name: 'n' },
      error: `failed with ${REDACTED}`,
      blocks: [{ blockId: 'a', success: false, error: `${REDACTED} leaked`, output: { x: 1 } }],
    })
  })
})
