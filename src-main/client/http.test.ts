// The retry/timeout rules of the spec against a scripted fetch and a fake clock.
import { describe, expect, it } from 'vitest'
import { createHttp, type HttpTarget } from './http.ts'
import type { Clock } from './retry-policy.ts'

const target: HttpTarget = {
  connectionId: 'c1',
  baseUrl: 'http://service.test/',
  getKey: async () => 'sk-service-test',
}

function fakeClock() {
  const slept: number[] = []
  const clock: Clock = {
    now: () => Date.parse('2025-01-01T00:00:00Z'),
    sleep: async (ms) => void slept.push(ms),
  }
  return { clock, slept }
}

type Step = Response | Error
function scripted(steps: Step[]) {
  const calls: { url: string; init: RequestInit }[] = []
  const fetchFn = (async (url: URL, init: RequestInit) => {
    calls.push({ url: String(url), init })
    const step = steps.shift()
    if (!step) throw new Error('no more steps')
    if (step instanceof Error) throw step
    return step
  }) as unknown as typeof fetch
  return { fetchFn, calls }
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  })

describe('http core', () => {
  it('sends the key, the JSON body and the query; captures X-RateLimit-*', async () => {
    const { fetchFn, calls } = scripted([
      json(
        200,
        { ok: 1 },
        {
          'x-ratelimit-limit': '200',
          'x-ratelimit-remaining': '199',
          'x-ratelimit-reset': '2025-01-01T00:01:00Z',
        },
      ),
    ])
    const seen: unknown[] = []
    const http = createHttp({
      fetch: fetchFn,
      clock: fakeClock().clock,
      onRateLimit: (id, info) => seen.push({ id, info }),
    })
    const answer = await http.send(target, {
      method: 'POST',
      path: '/api/v1/x',
      query: { a: 1, b: undefined },
      body: { z: true },
    })
    expect(answer.body).toEqual({ ok: 1 })
    expect(calls[0]!.url).toBe('http://service.test/api/v1/x?a=1')
    const headers = calls[0]!.init.headers as Record<string, string>
    expect(headers['X-API-Key']).toBe('sk-service-test')
    expect(calls[0]!.init.body).toBe('{"z":true}')
    expect(seen).toEqual([
      {
        id: 'c1',
        info: {
          limit: 200,
          remaining: 199,
          reset: '2025-01-01T00:01:00Z',
          observedAt: '2025-01-01T00:00:00.000Z',
        },
      },
    ])
  })

  it('retries a read on 429 three times with 1 s, 2 s, 4 s (jitter centred), then reports', async () => {
    const { clock, slept } = fakeClock()
    const { fetchFn, calls } = scripted([
      json(429, { error: 'Rate limit exceeded' }),
      json(429, { error: 'Rate limit exceeded' }),
      json(429, { error: 'Rate limit exceeded' }),
      json(429, { error: 'Rate limit exceeded' }),
    ])
    const http = createHttp({ fetch: fetchFn, clock, random: () => 0.5 })
    const answer = await http.send(target, { method: 'GET', path: '/x' })
    expect(answer.status).toBe(429)
    expect(calls).toHaveLength(4)
    expect(slept).toEqual([1000, 2000, 4000])
  })

  it('lets Retry-After override the computed delay', async () => {
    const { clock, slept } = fakeClock()
    const { fetchFn } = scripted([json(429, {}, { 'retry-after': '7' }), json(200, { fine: true })])
    const http = createHttp({ fetch: fetchFn, clock, random: () => 0.5 })
    const answer = await http.send(target, { method: 'GET', path: '/x' })
    expect(answer.body).toEqual({ fine: true })
    expect(slept).toEqual([7000])
  })

  it('retries a read after a network error but never a write', async () => {
    const { clock, slept } = fakeClock()
    const read = scripted([new TypeError('fetch failed'), json(200, { again: true })])
    const http = createHttp({ fetch: read.fetchFn, clock, random: () => 0.5 })
    expect((await http.send(target, { method: 'GET', path: '/x' })).body).toEqual({ again: true })
    expect(slept).toEqual([1000])

    const write = scripted([new TypeError('fetch failed'), json(200, {})])
    const http2 = createHttp({ fetch: write.fetchFn, clock })
    await expect(
      http2.send(target, { method: 'POST', path: '/x', body: {} }),
    ).rejects.toMatchObject({
      code: 'NETWORK',
    })
    expect(write.calls).toHaveLength(1)
  })

  it('never resends an execute after a network error or a bucket-empty 429', async () => {
    const { clock } = fakeClock()
    const lost = scripted([new TypeError('socket hang up'), json(200, {})])
    const http = createHttp({ fetch: lost.fetchFn, clock })
    await expect(
      http.send(target, { method: 'POST', path: '/e', body: {}, repeat: 'admission' }),
    ).rejects.toMatchObject({ code: 'NETWORK' })
    expect(lost.calls).toHaveLength(1)

    const empty = scripted([json(429, { error: 'Rate limit exceeded. Please try again later.' })])
    const http2 = createHttp({ fetch: empty.fetchFn, clock })
    const answer = await http2.send(target, {
      method: 'POST',
      path: '/e',
      body: {},
      repeat: 'admission',
    })
    expect(answer.status).toBe(429)
    expect(empty.calls).toHaveLength(1)
  })

  it('retries an execute refused by the admission gate (429 + Retry-After)', async () => {
    const { clock, slept } = fakeClock()
    const gate = scripted([
      json(
        429,
        { error: 'Too many requests', code: 'ADMISSION_GATE_CAPACITY' },
        { 'retry-after': '5' },
      ),
      json(200, { success: true }),
    ])
    const http = createHttp({ fetch: gate.fetchFn, clock })
    const answer = await http.send(target, {
      method: 'POST',
      path: '/e',
      body: {},
      repeat: 'admission',
    })
    expect(answer.status).toBe(200)
    expect(slept).toEqual([5000])
  })

  it('turns a slow answer into TIMEOUT and a caller abort into CANCELLED', async () => {
    const hanging = (async (_url: URL, init: RequestInit) =>
      new Promise((_ok, fail) => {
        if (init.signal!.aborted) return fail(new DOMException('aborted', 'AbortError'))
        init.signal!.addEventListener('abort', () =>
          fail(new DOMException('aborted', 'AbortError')),
        )
      })) as unknown as typeof fetch
    const http = createHttp({ fetch: hanging })
    await expect(
      http.send(target, { method: 'GET', path: '/slow', timeoutMs: 20 }),
    ).rejects.toMatchObject({ code: 'TIMEOUT' })
    const controller = new AbortController()
    const pending = http.send(target, { method: 'GET', path: '/slow', signal: controller.signal })
    controller.abort()
    await expect(pending).rejects.toMatchObject({ code: 'CANCELLED' })
  })
})
