import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestService, manualClock, type TestService } from '../../testing/test-app.ts'

const clock = manualClock('2026-03-01T10:00:00.000Z')
let s: TestService

beforeAll(async () => {
  s = await createTestService({ clock })
  // Five more entries, one per minute, on the main workspace.
  for (let i = 0; i < 5; i++) {
    clock.advance(60_000)
    await s.call(s.keys.personal, {
      method: 'POST',
      url: '/api/v1/workflows/import',
      payload: { workspaceId: s.workspace.id, name: `W${i}`, workflow: { blocks: {} } },
    })
  }
})
afterAll(() => s.close())

const get = (key: string, url: string) => s.call(key, { method: 'GET', url })

describe('GET /api/v1/audit-logs', () => {
  it('lists newest first with cursor pages, limits and rate-limit headers', async () => {
    const first = await get(s.keys.personal, '/api/v1/audit-logs?limit=3')
    expect(first.statusCode).toBe(200)
    const body = first.json()
    expect(body.data).toHaveLength(3)
    expect(body.data[0]).toEqual({
      id: expect.any(String),
      action: 'workflow.created',
      actorId: s.owner.id,
      actorName: 'Olivia Owner',
      actorEmail: s.owner.email,
      resourceType: 'workflow',
      resourceId: expect.any(String),
      metadata: expect.objectContaining({ name: 'W4' }),
      createdAt: '2026-03-01T10:05:00.000Z',
    })
    expect(body.limits.usage.plan).toBe('enterprise')
    expect(first.headers['x-ratelimit-limit']).toBeDefined()
    const times = body.data.map((e: { createdAt: string }) => e.createdAt)
    expect([...times].sort().reverse()).toEqual(times)

    const all: string[] = []
    let cursor: string | null = null
    do {
      const page: { data: { id: string }[]; nextCursor: string | null } = (
        await get(s.keys.personal, `/api/v1/audit-logs?limit=4${cursor ? `&cursor=${cursor}` : ''}`)
      ).json()
      all.push(...page.data.map((e: { id: string }) => e.id))
      cursor = page.nextCursor
    } while (cursor)
    // 2 workspaces + 4 keys created by the fixture, then 5 imports.
    expect(new Set(all).size).toBe(11)
  })

  it('filters by action, resource, workspace, actor and dates', async () => {
    const count = async (query: string) =>
      (await get(s.keys.personal, `/api/v1/audit-logs?${query}`)).json().data.length
    expect(await count('action=api_key.created')).toBe(4)
    expect(await count('resourceType=workspace')).toBe(2)
    expect(await count(`workspaceId=${s.otherWorkspace.id}`)).toBe(1)
    expect(await count(`actorId=${s.owner.id}`)).toBe(11)
    expect(await count('actorId=someone-else')).toBe(0)
    expect(await count('startDate=2026-03-01T10:02:00.000Z&endDate=2026-03-01T10:04:00.000Z')).toBe(
      3,
    )
  })

  it('400s bad dates, bad cursors and limits out of range', async () => {
    for (const q of ['startDate=yesterday', 'cursor=abc', 'limit=0', 'limit=101']) {
      expect((await get(s.keys.personal, `/api/v1/audit-logs?${q}`)).statusCode).toBe(400)
    }
  })
})

describe('GET /api/v1/audit-logs/{id}', () => {
  it('returns {data} without success or limits', async () => {
    const id = (await get(s.keys.personal, '/api/v1/audit-logs?limit=1')).json().data[0].id
    const res = await get(s.keys.personal, `/api/v1/audit-logs/${id}`)
    expect(res.statusCode).toBe(200)
    expect(Object.keys(res.json())).toEqual(['data'])
    expect(res.json().data.id).toBe(id)
  })

  it('404s unknown ids and entries of another organization', async () => {
    expect((await get(s.keys.personal, '/api/v1/audit-logs/nope')).statusCode).toBe(404)
    const other = await createTestService()
    try {
      const foreign = (
        await other.call(other.keys.personal, { method: 'GET', url: '/api/v1/audit-logs' })
      ).json().data[0].id
      expect((await get(s.keys.personal, `/api/v1/audit-logs/${foreign}`)).statusCode).toBe(404)
    } finally {
      await other.close()
    }
  })
})

describe('audit-log access (Enterprise, owner or admin, unscoped personal key)', () => {
  const paths = () => ['/api/v1/audit-logs', '/api/v1/audit-logs/whatever']

  it('403s workspace and organization keys', async () => {
    for (const key of [s.keys.workspace, s.keys.organizationWrite, s.keys.organizationRead]) {
      for (const path of paths()) expect((await get(key, path)).statusCode).toBe(403)
    }
  })

  it('403s members and admits admins', async () => {
    const member = s.createKey({ type: 'personal', name: 'm' }, s.createUser('Max Member'))
    const admin = s.createKey({ type: 'personal', name: 'a' }, s.createUser('Ada Admin', 'admin'))
    for (const path of paths()) expect((await get(member, path)).statusCode).toBe(403)
    expect((await get(admin, '/api/v1/audit-logs')).statusCode).toBe(200)
  })

  it('403s every plan below Enterprise', async () => {
    const { identity } = s.app.ctx.store
    try {
      for (const plan of ['free', 'pro', 'team'] as const) {
        identity.setPlan(s.org.id, plan)
        const res = await get(s.keys.personal, '/api/v1/audit-logs')
        expect(res.statusCode).toBe(403)
        expect(res.json().error).toMatch(/enterprise/)
      }
    } finally {
      identity.setPlan(s.org.id, 'enterprise')
    }
  })
})
