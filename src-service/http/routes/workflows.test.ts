import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestService, manualClock, type TestService } from '../../testing/test-app.ts'

const greeting = {
  blocks: {
    start: {
      id: 'start',
      type: 'start_trigger',
      name: 'Start',
      subBlocks: {
        inputFormat: {
          value: [
            { name: 'name', type: 'string', description: 'Who to greet' },
            { name: 'count', type: 'number', value: 3 },
          ],
        },
      },
    },
    reply: { id: 'reply', type: 'response', name: 'Reply', subBlocks: { data: { value: 'hi' } } },
  },
  edges: [{ id: 'e1', source: 'start', target: 'reply' }],
  variables: { v1: { name: 'greeting', type: 'string', value: 'Hello' } },
}

const clock = manualClock()
let s: TestService
let key: string
let ws: string

async function importWorkflow(payload: Record<string, unknown>) {
  return s.call(key, {
    method: 'POST',
    url: '/api/v1/workflows/import',
    payload: { workspaceId: ws, ...payload },
  })
}

beforeAll(async () => {
  s = await createTestService({ clock })
  key = s.keys.personal
  ws = s.workspace.id
})
afterAll(() => s.close())

describe('POST /api/v1/workflows/import', () => {
  it('stores the definition and answers 201 with the detail and limits', async () => {
    const res = await importWorkflow({ name: 'Greeting', workflow: greeting })
    expect(res.statusCode).toBe(201)
    const { data, limits } = res.json()
    expect(data).toMatchObject({
      name: 'Greeting',
      workspaceId: ws,
      folderId: null,
      isDeployed: false,
      deployedAt: null,
      runCount: 0,
      lastRunAt: null,
      variables: { greeting: 'Hello' },
      inputs: [
        { name: 'name', type: 'string', description: 'Who to greet' },
        { name: 'count', type: 'number', default: 3 },
      ],
    })
    expect(limits.usage.plan).toBe('enterprise')
    expect(s.app.ctx.store.workflows.get(data.id)?.definition).toEqual(greeting)
  })

  it('accepts the editor file export wrapped in `state`', async () => {
    const res = await importWorkflow({
      workflow: { state: greeting, metadata: { name: 'From file' } },
    })
    expect(res.statusCode).toBe(201)
    expect(res.json().data.name).toBe('From file')
  })

  it('names unknown block types in a 400', async () => {
    const workflow = {
      ...greeting,
      blocks: { ...greeting.blocks, x: { type: 'slack' }, y: { type: 'gmail' } },
    }
    const res = await importWorkflow({ workflow })
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toBe('Unknown block types: slack, gmail')
  })

  it('refuses a structurally broken definition with 400', async () => {
    const workflow = { blocks: { a: { type: 'function' } }, edges: [{ source: 'a', target: 'zz' }] }
    const res = await importWorkflow({ workflow })
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toMatch(/Invalid workflow/)
  })

  it('404s a folder of another workspace and files into its own folder', async () => {
    const { identity } = s.app.ctx.store
    const foreign = identity.createFolder({ workspaceId: s.otherWorkspace.id, name: 'Theirs' })
    expect((await importWorkflow({ folderId: foreign.id, workflow: greeting })).statusCode).toBe(
      404,
    )
    const mine = identity.createFolder({ workspaceId: ws, name: 'Mine' })
    const res = await importWorkflow({ folderId: mine.id, name: 'Filed', workflow: greeting })
    expect(res.json().data.folderId).toBe(mine.id)
  })

  it('writes a workflow.created audit entry', async () => {
    const res = await importWorkflow({ name: 'Audited', workflow: greeting })
    const page = s.app.ctx.store.audit.list({
      organizationId: s.org.id,
      resourceId: res.json().data.id,
      limit: 5,
    })
    expect(page.items.map((e) => e.action)).toEqual(['workflow.created'])
  })
})

describe('GET /api/v1/workflows', () => {
  let listWs: string
  const ids: string[] = []

  beforeAll(async () => {
    listWs = s.otherWorkspace.id
    for (let i = 0; i < 5; i++) {
      clock.advance(1000)
      const res = await s.call(key, {
        method: 'POST',
        url: '/api/v1/workflows/import',
        payload: { workspaceId: listWs, name: `W${i}`, workflow: greeting },
      })
      ids.push(res.json().data.id)
    }
    s.app.ctx.store.workflows.deploy(ids[1] as string)
    s.app.ctx.store.workflows.deploy(ids[3] as string)
  })

  const list = (query: string) =>
    s.call(key, { method: 'GET', url: `/api/v1/workflows?workspaceId=${listWs}${query}` })

  it('pages with an opaque cursor until nextCursor is null', async () => {
    const seen: string[] = []
    let cursor: string | null = null
    let pages = 0
    do {
      const res = await list(`&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)
      expect(res.statusCode).toBe(200)
      const body = res.json()
      expect(body.data.length).toBeLessThanOrEqual(2)
      expect(Object.keys(body.data[0] ?? {}).sort()).toEqual([
        'createdAt',
        'id',
        'isDeployed',
        'name',
        'updatedAt',
      ])
      seen.push(...body.data.map((w: { id: string }) => w.id))
      cursor = body.nextCursor
      pages++
    } while (cursor)
    expect(seen).toEqual(ids)
    expect(pages).toBe(3)
  })

  it('defaults to 50 per page and attaches limits and rate-limit headers', async () => {
    const res = await list('')
    expect(res.json().data).toHaveLength(5)
    expect(res.json().nextCursor).toBeNull()
    expect(res.json().limits.workflowExecutionRateLimit.sync.requestsPerMinute).toBe(600)
    expect(res.headers['x-ratelimit-limit']).toBe('1000')
    expect(Number(res.headers['x-ratelimit-remaining'])).toBeLessThan(1000)
    expect(new Date(String(res.headers['x-ratelimit-reset'])).toISOString()).toBe(
      res.headers['x-ratelimit-reset'],
    )
  })

  it('filters deployedOnly and folderId', async () => {
    const deployed = (await list('&deployedOnly=true')).json().data.map((w: { id: string }) => w.id)
    expect(deployed).toEqual([ids[1], ids[3]])
    expect((await list('&deployedOnly=false')).json().data).toHaveLength(5)
    const folder = s.app.ctx.store.identity.createFolder({ workspaceId: listWs, name: 'Empty' })
    expect((await list(`&folderId=${folder.id}`)).json().data).toEqual([])
  })

  it('400s a cursor it did not issue, a limit out of range and a missing workspaceId', async () => {
    expect((await list('&cursor=garbage')).statusCode).toBe(400)
    expect((await list('&limit=101')).statusCode).toBe(400)
    expect((await list('&deployedOnly=maybe')).statusCode).toBe(400)
    const res = await s.call(key, { method: 'GET', url: '/api/v1/workflows' })
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toMatch(/^workspaceId: /)
  })

  it('403s a workspace the key does not reach', async () => {
    const res = await s.call(s.keys.workspace, {
      method: 'GET',
      url: `/api/v1/workflows?workspaceId=${listWs}`,
    })
    expect(res.statusCode).toBe(403)
  })
})

describe('detail, status, deploy and undeploy', () => {
  let id: string
  beforeAll(async () => {
    id = (await importWorkflow({ name: 'Deployable', workflow: greeting })).json().data.id
  })
  const body = () => ({ workspaceId: ws })

  it('GET /api/v1/workflows/{id} returns the detail with inputs; 404 for unknown ids', async () => {
    const res = await s.call(key, {
      method: 'GET',
      url: `/api/v1/workflows/${id}?workspaceId=${ws}`,
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toMatchObject({
      id,
      name: 'Deployable',
      inputs: [{ name: 'name' }, { name: 'count' }],
    })
    expect(res.json().limits).toBeDefined()
    const missing = await s.call(key, {
      method: 'GET',
      url: `/api/v1/workflows/00000000-0000-4000-8000-000000000000?workspaceId=${ws}`,
    })
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toEqual({ error: 'Workflow not found' })
  })

  it('deploys, reports status, notices a changed definition, and undeploys', async () => {
    const status = async () =>
      (await s.call(key, { method: 'GET', url: `/api/workflows/${id}/status` })).json()
    expect(await status()).toEqual({
      isDeployed: false,
      deployedAt: null,
      needsRedeployment: false,
    })

    clock.advance(5000)
    const deployed = await s.call(key, {
      method: 'POST',
      url: `/api/v1/workflows/${id}/deploy`,
      payload: body(),
    })
    expect(deployed.statusCode).toBe(200)
    expect(deployed.json().data).toMatchObject({
      id,
      isDeployed: true,
      deployedAt: clock.now().toISOString(),
    })
    expect(await status()).toEqual({
      isDeployed: true,
      deployedAt: clock.now().toISOString(),
      needsRedeployment: false,
    })

    s.app.ctx.store.db.raw
      .prepare('UPDATE workflows SET definition = ? WHERE id = ?')
      .run('{"blocks":{}}', id)
    expect((await status()).needsRedeployment).toBe(true)

    clock.advance(1000)
    const undeployed = await s.call(key, {
      method: 'DELETE',
      url: `/api/v1/workflows/${id}/deploy`,
      payload: body(),
    })
    expect(undeployed.json().data).toMatchObject({ isDeployed: false, deployedAt: null })
    const actions = s.app.ctx.store.audit
      .list({ organizationId: s.org.id, resourceId: id, limit: 10 })
      .items.map((e) => e.action)
    expect(actions).toEqual(['workflow.undeployed', 'workflow.deployed', 'workflow.created'])
  })

  it('404s deploy of a workflow that belongs to another workspace', async () => {
    const other = s.app.ctx.store.workflows.create({
      workspaceId: s.otherWorkspace.id,
      name: 'x',
      definition: greeting,
    })
    const res = await s.call(key, {
      method: 'POST',
      url: `/api/v1/workflows/${other.id}/deploy`,
      payload: body(),
    })
    expect(res.statusCode).toBe(404)
    expect(s.app.ctx.store.workflows.get(other.id)?.isDeployed).toBe(false)
  })

  it('400s deploy without a workspaceId and 404s status of an unknown workflow', async () => {
    expect(
      (await s.call(key, { method: 'POST', url: `/api/v1/workflows/${id}/deploy`, payload: {} }))
        .statusCode,
    ).toBe(400)
    expect(
      (await s.call(key, { method: 'GET', url: '/api/workflows/nope/status' })).statusCode,
    ).toBe(404)
  })
})

describe('per-key rate limit on /api/v1', () => {
  it('429s with Retry-After and the body of API-NOTES once the burst is spent, then refills', async () => {
    const limited = await createTestService({ clock, apiRatePerMinute: 2 })
    try {
      const call = () =>
        limited.call(limited.keys.personal, {
          method: 'GET',
          url: `/api/v1/workflows?workspaceId=${limited.workspace.id}`,
        })
      for (let i = 0; i < 4; i++) expect((await call()).statusCode).toBe(200)
      const refused = await call()
      expect(refused.statusCode).toBe(429)
      expect(refused.headers['retry-after']).toBe('60')
      expect(refused.headers['x-ratelimit-remaining']).toBe('0')
      const body = refused.json()
      expect(body).toMatchObject({ error: 'Rate limit exceeded', message: expect.any(String) })
      expect(body.retryAfter).toBe(clock.now().getTime() + 60_000)
      // Another key has its own bucket.
      const other = await limited.call(limited.keys.workspace, {
        method: 'GET',
        url: `/api/v1/workflows?workspaceId=${limited.workspace.id}`,
      })
      expect(other.statusCode).toBe(200)
      clock.advance(60_000)
      expect((await call()).statusCode).toBe(200)
    } finally {
      await limited.close()
    }
  })

  it('does not limit the unversioned status path', async () => {
    const limited = await createTestService({ clock, apiRatePerMinute: 1 })
    try {
      const wf = limited.app.ctx.store.workflows.create({
        workspaceId: limited.workspace.id,
        name: 'w',
        definition: greeting,
      })
      for (let i = 0; i < 4; i++) {
        const res = await limited.call(limited.keys.personal, {
          method: 'GET',
          url: `/api/workflows/${wf.id}/status`,
        })
        expect(res.statusCode).toBe(200)
        expect(res.headers['x-ratelimit-limit']).toBeUndefined()
      }
    } finally {
      await limited.close()
    }
  })
})
