// The HTTP plumbing every route shares: health, errors, limits on bodies, authentication.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from './app.ts'
import { createTestService, type TestService } from '../testing/test-app.ts'

let s: TestService
beforeAll(async () => {
  s = await createTestService()
})
afterAll(() => s.close())

describe('buildApp', () => {
  it('answers /healthz for supervisors, without a key', async () => {
    const app = await buildApp()
    const res = await app.inject({ method: 'GET', url: '/healthz' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ ok: true })
    await app.close()
  })

  it('answers unknown routes 404 with the error body', async () => {
    const res = await s.call(s.keys.personal, { method: 'GET', url: '/api/v1/nothing-here?x=1' })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ error: 'Not found: GET /api/v1/nothing-here' })
  })

  it('refuses malformed JSON with the spec text', async () => {
    const res = await s.call(s.keys.personal, {
      method: 'POST',
      url: '/api/v1/workflows/import',
      headers: { 'content-type': 'application/json' },
      payload: '{"workspaceId": ',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ error: 'Request body must be valid JSON' })
  })

  it('refuses bodies over 10 MB with 413 and the error body', async () => {
    const res = await s.call(s.keys.personal, {
      method: 'POST',
      url: '/api/v1/workflows/import',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ pad: 'x'.repeat(10 * 1024 * 1024) }),
    })
    expect(res.statusCode).toBe(413)
    expect(typeof res.json().error).toBe('string')
  })

  it('turns zod failures into 400 with the first problem in words and the issues', async () => {
    const res = await s.call(s.keys.personal, {
      method: 'GET',
      url: `/api/v1/workflows?workspaceId=${s.workspace.id}&limit=0`,
    })
    expect(res.statusCode).toBe(400)
    const body = res.json()
    expect(body.error).toMatch(/^limit: /)
    expect(body.details[0]).toMatchObject({ code: 'too_small', path: ['limit'] })
  })
})

describe('authentication', () => {
  const url = () => `/api/v1/workflows?workspaceId=${s.workspace.id}`

  it('401 API key required without the header', async () => {
    const res = await s.call(null, { method: 'GET', url: url() })
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual({ error: 'API key required' })
  })

  it('401 Invalid API key for an unknown key', async () => {
    const res = await s.call('sk-service-not-a-real-key', { method: 'GET', url: url() })
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual({ error: 'Invalid API key' })
  })

  it('records lastUsedAt on use', async () => {
    const value = s.createKey({ type: 'personal', name: 'touch me' })
    const find = () =>
      s.app.ctx.store.keys.list({ userId: s.owner.id }).find((k) => k.name === 'touch me')
    expect(find()?.lastUsedAt).toBeNull()
    await s.call(value, { method: 'GET', url: url() })
    expect(find()?.lastUsedAt).not.toBeNull()
  })

  it('never stores the key value in clear', async () => {
    const value = s.createKey({ type: 'personal', name: 'secret' })
    const dump = s.app.ctx.store.db.raw.prepare('SELECT * FROM api_keys').all()
    expect(JSON.stringify(dump)).not.toContain(value.slice('sk-service-'.length))
  })
})

describe('logging', () => {
  it('redacts the X-API-Key header from log lines', async () => {
    const lines: string[] = []
    const app = await buildApp({
      logger: {
        level: 'info',
        serializers: { req: (req: { headers: unknown }) => ({ headers: req.headers }) },
        stream: { write: (line: string) => void lines.push(line) },
      },
    })
    await app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-api-key': 'sk-service-leak' },
    })
    await app.close()
    expect(lines.join('')).toContain('[redacted]')
    expect(lines.join('')).not.toContain('sk-service-leak')
  })
})
