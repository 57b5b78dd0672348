import { describe, expect, it } from 'vitest'
import { uuidv7 } from './uuidv7.ts'

describe('uuidv7 row ids', () => {
  it('are UUIDs of version 7 that sort in the order they were made, even within a millisecond', () => {
    const ids = Array.from({ length: 10_000 }, (_, i) =>
      uuidv7(1_700_000_000_000 + Math.floor(i / 5000)),
    )
    for (const id of ids) {
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    }
    expect([...ids].sort()).toEqual(ids)
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('never go backwards when the clock does', () => {
    const a = uuidv7(2_000_000_000_000)
    const b = uuidv7(1_000_000_000_000)
    expect(b > a).toBe(true)
  })
})
