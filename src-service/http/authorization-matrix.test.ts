// The authorization matrix of the spec's Authentication section: every key type and grant
// ceiling, with personal keys allowed and disallowed, against each method, including ids from
// another workspace. Expected statuses are written out by hand, not derived from the code.
import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestService, type TestService } from '../testing/test-app.ts'

type Op =
  | 'list'
  | 'detail'
  | 'status'
  | 'import'
  | 'deploy'
  | 'undeploy'
  | 'listOther'
  | 'otherInMain'
  | 'otherInOther'
  | 'statusOther'
const OPS: Op[] = [
  'list',
  'detail',
  'status',
  'import',
  'deploy',
  'undeploy',
  'listOther',
  'otherInMain',
  'otherInOther',
  'statusOther',
]

type KeyName =
  | 'personalOwner'
  | 'personalReader'
  | 'workspace'
  | 'workspaceNarrowed'
  | 'orgRead'
  | 'orgWrite'
  | 'orgAdmin'
  | 'orgWorkflowWrite'

// Columns in OPS order. 2xx where both the owner's permission and the key's scope allow it.
const ALLOWED: Record<KeyName, number[]> = {
  personalOwner: [200, 200, 200, 201, 200, 200, 200, 404, 200, 200],
  personalReader: [200, 200, 200, 403, 403, 403, 403, 404, 403, 404],
  workspace: [200, 200, 200, 201, 200, 200, 403, 404, 403, 403],
  workspaceNarrowed: [200, 403, 403, 403, 403, 403, 403, 404, 403, 403],
  orgRead: [200, 200, 200, 403, 403, 403, 403, 404, 403, 403],
  orgWrite: [200, 200, 200, 201, 403, 403, 403, 404, 403, 403],
  orgAdmin: [200, 200, 200, 201, 200, 200, 403, 404, 403, 403],
  orgWorkflowWrite: [200, 200, 200, 403, 403, 403, 403, 404, 403, 403],
}

// With personal keys disabled on the main workspace only: personal keys lose it entirely
// (the other workspace still allows them); workspace and organization keys are unaffected.
const PERSONAL_OFF: Partial<Record<KeyName, number[]>> = {
  personalOwner: [403, 403, 403, 403, 403, 403, 200, 403, 200, 200],
  personalReader: [403, 403, 403, 403, 403, 403, 403, 403, 403, 404],
}

let s: TestService
const keys = {} as Record<KeyName, string>
let wfA: string
let wfB: string
let wfOther: string
const definition = { blocks: { s: { type: 'start_trigger' } }, edges: [], variables: {} }

async function importInto(workspaceId: string, name: string): Promise<string> {
  const res = await s.call(s.keys.personal, {
    method: 'POST',
    url: '/api/v1/workflows/import',
    payload: { workspaceId, name, workflow: definition },
  })
  expect(res.statusCode).toBe(201)
  return res.json().data.id
}

beforeAll(async () => {
  s = await createTestService()
  wfA = await importInto(s.workspace.id, 'A')
  wfB = await importInto(s.workspace.id, 'B')
  wfOther = await importInto(s.otherWorkspace.id, 'X')
  const reader = s.createUser('Rita Reader')
  s.app.ctx.store.identity.setPermission(s.workspace.id, reader.id, 'read')
  const ws = s.workspace.id
  Object.assign(keys, {
    personalOwner: s.keys.personal,
    personalReader: s.createKey({ type: 'personal', name: 'reader' }, reader),
    workspace: s.keys.workspace,
    workspaceNarrowed: s.createKey({
      type: 'workspace',
      name: 'narrow',
      workspaceId: ws,
      workflowIds: [wfB],
    }),
    orgRead: s.keys.organizationRead,
    orgWrite: s.keys.organizationWrite,
    orgAdmin: s.createKey({
      type: 'organization',
      name: 'admin',
      organizationId: s.org.id,
      grants: [{ workspaceId: ws, ceiling: 'admin' }],
    }),
    orgWorkflowWrite: s.createKey({
      type: 'organization',
      name: 'one workflow',
      organizationId: s.org.id,
      grants: [{ workspaceId: ws, workflowId: wfA, ceiling: 'write' }],
    }),
  })
})
afterAll(() => s.close())

function request(op: Op): InjectOptions {
  const main = s.workspace.id
  const other = s.otherWorkspace.id
  const body = { workspaceId: main }
  switch (op) {
    case 'list':
      return { method: 'GET', url: `/api/v1/workflows?workspaceId=${main}` }
    case 'detail':
      return { method: 'GET', url: `/api/v1/workflows/${wfA}?workspaceId=${main}` }
    case 'status':
      return { method: 'GET', url: `/api/workflows/${wfA}/status` }
    case 'import':
      return {
        method: 'POST',
        url: '/api/v1/workflows/import',
        payload: { ...body, name: 'imported', workflow: definition },
      }
    case 'deploy':
      return { method: 'POST', url: `/api/v1/workflows/${wfA}/deploy`, payload: body }
    case 'undeploy':
      return { method: 'DELETE', url: `/api/v1/workflows/${wfA}/deploy`, payload: body }
    case 'listOther':
      return { method: 'GET', url: `/api/v1/workflows?workspaceId=${other}` }
    case 'otherInMain':
      return { method: 'GET', url: `/api/v1/workflows/${wfOther}?workspaceId=${main}` }
    case 'otherInOther':
      return { method: 'GET', url: `/api/v1/workflows/${wfOther}?workspaceId=${other}` }
    case 'statusOther':
      return { method: 'GET', url: `/api/workflows/${wfOther}/status` }
  }
}

/** One matrix: every key against every op, with personal keys allowed, then disallowed. */
function runMatrix<O extends string>(
  title: string,
  ops: readonly O[],
  build: (op: O) => InjectOptions,
  allowed: Record<KeyName, number[]>,
  personalOff: Partial<Record<KeyName, number[]>>,
  otherWorkspaceOps: readonly O[],
) {
  for (const personalAllowed of [true, false]) {
    describe(`${title}: personal keys ${personalAllowed ? 'allowed' : 'disallowed'} on the workspace`, () => {
      beforeAll(() => {
        s.app.ctx.store.identity.updateWorkspace(s.workspace.id, {
          allowPersonalApiKeys: personalAllowed,
        })
      })

      for (const keyName of Object.keys(allowed) as KeyName[]) {
        const expected = (!personalAllowed && personalOff[keyName]) || allowed[keyName]
        ops.forEach((op, column) => {
          const status = expected[column] as number
          it(`${keyName} ${op} -> ${status}`, async () => {
            const res = await s.call(keys[keyName], build(op))
            expect(res.statusCode).toBe(status)
            const body = res.json()
            if (status >= 400) {
              // Never data: an error body holds the error and nothing else.
              expect(typeof body.error).toBe('string')
              expect(
                Object.keys(body).filter((k) => !['error', 'details', 'code'].includes(k)),
              ).toEqual([])
            }
            if (
              status === 403 &&
              !personalAllowed &&
              keyName.startsWith('personal') &&
              !otherWorkspaceOps.includes(op)
            ) {
              expect(body.error).toBe('Personal API keys are not allowed for this workspace')
            }
          })
        })
      }
    })
  }
}

runMatrix('workflows', OPS, request, ALLOWED, PERSONAL_OFF, [
  'listOther',
  'otherInOther',
  'statusOther',
])

// Workspace-wide resources (tables, knowledge, files): keys narrowed to single workflows do not
// reach them; read ceilings read, write ceilings write; a table of another workspace named
// under this one is simply not found.
type ResourceOp =
  'tablesList' | 'tableCreate' | 'tableForeign' | 'kbList' | 'kbCreate' | 'docsList' | 'tablesOther'
const RESOURCE_OPS: ResourceOp[] = [
  'tablesList',
  'tableCreate',
  'tableForeign',
  'kbList',
  'kbCreate',
  'docsList',
  'tablesOther',
]
const RESOURCES_ALLOWED: Record<KeyName, number[]> = {
  personalOwner: [200, 200, 404, 200, 200, 200, 200],
  personalReader: [200, 403, 404, 200, 403, 200, 403],
  workspace: [200, 200, 404, 200, 200, 200, 403],
  workspaceNarrowed: [403, 403, 403, 403, 403, 403, 403],
  orgRead: [200, 403, 404, 200, 403, 200, 403],
  orgWrite: [200, 200, 404, 200, 200, 200, 403],
  orgAdmin: [200, 200, 404, 200, 200, 200, 403],
  orgWorkflowWrite: [403, 403, 403, 403, 403, 403, 403],
}
const RESOURCES_PERSONAL_OFF: Partial<Record<KeyName, number[]>> = {
  personalOwner: [403, 403, 403, 403, 403, 403, 200],
  personalReader: [403, 403, 403, 403, 403, 403, 403],
}
let foreignTable: string
let created = 0
beforeAll(async () => {
  const res = await s.call(s.keys.personal, {
    method: 'POST',
    url: '/api/v1/tables',
    payload: {
      workspaceId: s.otherWorkspace.id,
      name: 'elsewhere',
      schema: { columns: [{ name: 'a', type: 'string' }] },
    },
  })
  expect(res.statusCode).toBe(200)
  foreignTable = res.json().data.table.id
})

function resourceRequest(op: ResourceOp): InjectOptions {
  const main = s.workspace.id
  switch (op) {
    case 'tablesList':
      return { method: 'GET', url: `/api/v1/tables?workspaceId=${main}` }
    case 'tableCreate':
      return {
        method: 'POST',
        url: '/api/v1/tables',
        payload: {
          workspaceId: main,
          name: `t_${created++}`,
          schema: { columns: [{ name: 'a', type: 'string' }] },
        },
      }
    case 'tableForeign':
      return { method: 'GET', url: `/api/v1/tables/${foreignTable}?workspaceId=${main}` }
    case 'kbList':
      return { method: 'GET', url: `/api/v1/knowledge?workspaceId=${main}` }
    case 'kbCreate':
      return {
        method: 'POST',
        url: '/api/v1/knowledge',
        payload: { workspaceId: main, name: `kb ${created++}` },
      }
    case 'docsList':
      return { method: 'GET', url: `/api/v1/docs?workspaceId=${main}` }
    case 'tablesOther':
      return { method: 'GET', url: `/api/v1/tables?workspaceId=${s.otherWorkspace.id}` }
  }
}

runMatrix(
  'tables, knowledge, files',
  RESOURCE_OPS,
  resourceRequest,
  RESOURCES_ALLOWED,
  RESOURCES_PERSONAL_OFF,
  ['tablesOther'],
)

describe('scoping details', () => {
  it('lists only the workflows a narrowed key reaches', async () => {
    s.app.ctx.store.identity.updateWorkspace(s.workspace.id, { allowPersonalApiKeys: true })
    const list = async (key: string) =>
      (await s.call(key, request('list'))).json().data.map((w: { id: string }) => w.id)
    expect(await list(keys.workspaceNarrowed)).toEqual([wfB])
    expect(await list(keys.orgWorkflowWrite)).toEqual([wfA])
    expect(await list(keys.orgRead)).toEqual(expect.arrayContaining([wfA, wfB]))
  })

  it('names the reason for a workspace key on another workspace', async () => {
    const res = await s.call(keys.workspace, request('listOther'))
    expect(res.json()).toEqual({ error: 'API key is not authorized for this workspace' })
  })

  it('cuts organization keys off a workspace that leaves the organization', async () => {
    const { identity } = s.app.ctx.store
    expect((await s.call(keys.orgAdmin, request('list'))).statusCode).toBe(200)
    identity.updateWorkspace(s.workspace.id, { organizationId: null })
    try {
      expect((await s.call(keys.orgAdmin, request('list'))).statusCode).toBe(403)
      expect((await s.call(keys.orgRead, request('detail'))).statusCode).toBe(403)
      // The owner still owns it: personal and workspace keys keep working.
      expect((await s.call(keys.personalOwner, request('list'))).statusCode).toBe(200)
      expect((await s.call(keys.workspace, request('list'))).statusCode).toBe(200)
    } finally {
      identity.updateWorkspace(s.workspace.id, { organizationId: s.org.id })
    }
  })

  it('stops honouring a revoked key', async () => {
    const value = s.createKey({ type: 'personal', name: 'short-lived' })
    expect((await s.call(value, request('list'))).statusCode).toBe(200)
    const { keys: repo } = s.app.ctx.store
    const record = repo.list({ userId: s.owner.id }).find((k) => k.name === 'short-lived')
    repo.revoke(record?.id as string)
    const res = await s.call(value, request('list'))
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual({ error: 'Invalid API key' })
  })
})
