import { afterAll, describe, expect, it } from 'vitest'
import { FunctionCancelledError, FunctionError, FunctionPool } from './function-pool.ts'

const pool = new FunctionPool({ size: 2, memoryMb: 48 })
afterAll(() => pool.close())

const run = (source: string, refs: unknown[] = [], timeoutMs?: number, signal?: AbortSignal) =>
  pool.run({ source, refs, timeoutMs, signal })

describe('function sandbox', () => {
  it('returns the result and captures console output', async () => {
    const out = await run(
      'console.log("a", 1, {b: 2}); console.error("oops"); return __refs[0] * 2',
      [21],
    )
    expect(out).toEqual({ result: 42, stdout: 'a 1 {"b":2}\noops' })
  })

  it('runs async code with setTimeout', async () => {
    const out = await run('await new Promise((r) => setTimeout(r, 5)); return "later"')
    expect(out.result).toBe('later')
  })

  it('offers no Node globals, also not through constructors', async () => {
    const out = await run(`return [
      typeof process, typeof require, typeof Buffer, typeof fetch, typeof module,
      this.constructor.constructor('return typeof process')(),
      console.log.constructor('return typeof process')(),
    ]`)
    expect(out.result).toEqual(Array(7).fill('undefined'))
  })

  it('gives each call a fresh context', async () => {
    await run('globalThis.leak = 1; return 1')
    expect((await run('return typeof leak')).result).toBe('undefined')
  })

  it('fails with the thrown message', async () => {
    await expect(run('throw new TypeError("bad input")')).rejects.toThrow('TypeError: bad input')
    await expect(run('return {')).rejects.toThrow(/Syntax error in function code/)
  })

  it('stops an infinite loop at the time limit and keeps working', async () => {
    const started = Date.now()
    const error = await run('while (true) {}', [], 100).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(FunctionError)
    expect((error as FunctionError).message).toBe('Function timed out after 100 ms')
    expect(Date.now() - started).toBeLessThan(2_000)
    expect((await run('return "alive"')).result).toBe('alive')
  })

  it('stops a loop after an await without killing a call sharing the worker', async () => {
    const solo = new FunctionPool({ size: 1 })
    try {
      const sharing = solo.run({
        source: 'await new Promise((r) => setTimeout(r, 300)); return "neighbour"',
        refs: [],
      })
      const looping = solo.run({ source: 'await null; while (true) {}', refs: [], timeoutMs: 100 })
      await expect(looping).rejects.toThrow('timed out after 100 ms')
      expect((await sharing).result).toBe('neighbour')
      // The vm timeout ended the loop: the one worker was never replaced.
      expect(solo.workersStarted).toBe(1)
    } finally {
      await solo.close()
    }
  })

  it('stops async work that overruns its time limit', async () => {
    await expect(run('await new Promise(() => {})', [], 50)).rejects.toThrow('timed out')
  })

  it('fails a call that exhausts memory and replaces the worker', async () => {
    const before = pool.workersStarted
    await expect(
      run('const keep = []; while (true) keep.push(new Array(1e5).fill(Math.random()))', [], 8_000),
    ).rejects.toThrow(/ran out of memory \(limit 48 MB\)/)
    expect(pool.workersStarted).toBeGreaterThan(before)
    expect((await run('return 1 + 1')).result).toBe(2)
  })

  it('cancels a running call', async () => {
    const controller = new AbortController()
    const call = run('while (true) {}', [], 10_000, controller.signal)
    setTimeout(() => controller.abort(), 20)
    const started = Date.now()
    await expect(call).rejects.toBeInstanceOf(FunctionCancelledError)
    expect(Date.now() - started).toBeLessThan(1_000)
    expect((await run('return "next"')).result).toBe('next')
  })

  it('rejects a result that is not JSON', async () => {
    await expect(run('return 10n')).rejects.toThrow(/not JSON-serializable/)
  })
})
