import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestService, type TestService } from '../../testing/test-app.ts'

let s: TestService
beforeAll(async () => {
  s = await createTestService()
})
afterAll(() => s.close())

const create = (key: string, payload: unknown) =>
  s.call(key, { method: 'POST', url: '/api/v1/workspaces', payload: payload as object })

describe('POST /api/v1/workspaces', () => {
  it('creates a workspace in the key holder organization with a default agent workflow', async () => {
    const res = await create(s.keys.personal, { name: 'Marketing Ops', color: '#12AB9f' })
    expect(res.statusCode).toBe(200)
    const { success, data } = res.json()
    expect(success).toBe(true)
    expect(data.workspace).toEqual({
      id: expect.any(String),
      name: 'Marketing Ops',
      slug: 'marketing-ops',
      color: '#12AB9f',
      ownerId: s.owner.id,
      organizationId: s.org.id,
      billedAccountUserId: s.owner.id,
      allowPersonalApiKeys: true,
      role: 'admin',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      archivedAt: null,
    })
    const workflows = s.app.ctx.store.workflows.list({ workspaceId: data.workspace.id, limit: 10 })
    expect(workflows.items.map((w) => w.name)).toEqual(['Default Agent'])
    const actions = s.app.ctx.store.audit
      .list({ organizationId: s.org.id, workspaceId: data.workspace.id, limit: 10 })
      .items.map((e) => e.action)
    expect(actions).toEqual(['workflow.created', 'workspace.created'])
  })

  it('skips the default workflow on request and keeps slugs unique in the organization', async () => {
    const first = (
      await create(s.keys.personal, { name: 'Ünïcode Team!', skipDefaultWorkflow: true })
    ).json()
    const second = (
      await create(s.keys.personal, { name: 'unicode team', skipDefaultWorkflow: true })
    ).json()
    expect(first.data.workspace.slug).toBe('unicode-team')
    expect(second.data.workspace.slug).toBe('unicode-team-2')
    const list = s.app.ctx.store.workflows.list({ workspaceId: first.data.workspace.id, limit: 10 })
    expect(list.items).toEqual([])
  })

  it('refuses workspace and organization keys with 403', async () => {
    for (const key of [s.keys.workspace, s.keys.organizationWrite, s.keys.organizationRead]) {
      const res = await create(key, { name: 'Nope' })
      expect(res.statusCode).toBe(403)
      expect(res.json().error).toMatch(/personal/)
    }
  })

  it('400s a bad colour, an empty name, unknown fields and a missing body', async () => {
    for (const payload of [
      { name: 'x', color: 'red' },
      { name: '' },
      { name: 'x', extra: 1 },
      {},
    ]) {
      const res = await create(s.keys.personal, payload)
      expect(res.statusCode).toBe(400)
      expect(Array.isArray(res.json().details)).toBe(true)
    }
    const empty = await s.call(s.keys.personal, { method: 'POST', url: '/api/v1/workspaces' })
    expect(empty.statusCode).toBe(400)
  })

  it('401s without a key', async () => {
    expect((await create('', { name: 'x' })).statusCode).toBe(401)
  })
})
