// The client against the REAL local service (src-service forked on 127.0.0.1, seeded into a
// temp folder): endpoints that exist today, retries with a fake clock, timeouts, schema mismatch.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { z } from 'zod'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLocalService, type SeedResult } from '../local/local-service.ts'
import { nodeLauncher } from '../local/node-launcher.ts'
import { callEndpoint } from './endpoint-call.ts'
import { endpoints } from '../../src-shared/api/endpoints.ts'
import { probeHealth } from './health.ts'
import { createHttp, type HttpTarget, type RateLimitInfo } from './http.ts'
import type { Clock } from './retry-policy.ts'

const root = resolve(import.meta.dirname, '../..')
const dataDir = mkdtempSync(join(tmpdir(), 'flowdeck-client-'))
// A small per-key limit so the 429 path is reachable: burst = 2 x rate.
const local = createLocalService({
  dataDir,
  workflowsDir: join(root, 'resources/workflows'),
  launch: nodeLauncher(join(root, 'src-service/cli.ts'), {
    ...process.env,
    RATE_LIMIT_API_PER_MINUTE: '30',
  }),
  probe: probeHealth,
})
let seed: SeedResult
let baseUrl: string
const rateLimits: RateLimitInfo[] = []
const http = createHttp({ onRateLimit: (_id, info) => rateLimits.push(info) })
const as = (key: string, id = 'conn'): HttpTarget => ({
  connectionId: id,
  baseUrl,
  getKey: async () => key,
})

beforeAll(async () => {
  seed = await local.seed()
  baseUrl = await local.start()
}, 60_000)
afterAll(async () => {
  await local.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

describe('workflows', () => {
  it('lists a page, follows nextCursor to the end, and filters deployed ones', async () => {
    const target = as(seed.keys.personal)
    const names: string[] = []
    let cursor: string | undefined
    let pages = 0
    do {
      const page = (await callEndpoint(http, target, endpoints.listWorkflows, {
        query: { workspaceId: seed.workspaceId, limit: 2, cursor },
      })) as { data: { name: string }[]; nextCursor?: string | null }
      names.push(...page.data.map((w) => w.name))
      cursor = page.nextCursor ?? undefined
      pages++
    } while (cursor && pages < 20)
    expect(pages).toBeGreaterThan(1)
    expect(names).toEqual(expect.arrayContaining(Object.keys(seed.workflows)))
    const deployed = (await callEndpoint(http, target, endpoints.listWorkflows, {
      query: { workspaceId: seed.workspaceId, deployedOnly: true },
    })) as { data: { isDeployed: boolean }[] }
    expect(deployed.data.every((w) => w.isDeployed)).toBe(true)
  })

  it('reads a workflow detail and its deploy status', async () => {
    const id = seed.workflows.greeting!
    const detail = (await callEndpoint(http, as(seed.keys.personal), endpoints.getWorkflow, {
      params: { id },
      query: { workspaceId: seed.workspaceId },
    })) as { data: { id: string; inputs: unknown[] } }
    expect(detail.data.id).toBe(id)
    expect(Array.isArray(detail.data.inputs)).toBe(true)
    const status = await callEndpoint(http, as(seed.keys.personal), endpoints.getWorkflowStatus, {
      params: { id },
    })
    expect(status).toMatchObject({ isDeployed: true })
  })

  it('captures X-RateLimit-* from /api/v1 answers', () => {
    expect(rateLimits.at(-1)).toMatchObject({
      limit: expect.any(Number),
      remaining: expect.any(Number),
      reset: expect.any(String),
    })
  })
})

describe('errors in the shared vocabulary', () => {
  it('401 for a wrong key, 404 for an unknown workflow', async () => {
    await expect(
      callEndpoint(http, as('sk-service-wrong'), endpoints.listWorkflows, {
        query: { workspaceId: seed.workspaceId },
      }),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED', status: 401 })
    await expect(
      callEndpoint(http, as(seed.keys.personal), endpoints.getWorkflow, {
        params: { id: '00000000-0000-4000-8000-000000000000' },
        query: { workspaceId: seed.workspaceId },
      }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', status: 404 })
  })

  it('400 with details for a bad query', async () => {
    const failure = await callEndpoint(http, as(seed.keys.personal), endpoints.listWorkflows, {
      query: { workspaceId: seed.workspaceId, limit: 1000 },
    }).catch((e: unknown) => e)
    expect(failure).toMatchObject({ code: 'BAD_REQUEST', status: 400 })
  })

  it('workspace creation: personal keys only (403 for a workspace key)', async () => {
    const created = (await callEndpoint(http, as(seed.keys.personal), endpoints.createWorkspace, {
      body: { name: 'From the client', color: '#336699', skipDefaultWorkflow: true },
    })) as { data: { workspace: { name: string; slug: string } } }
    expect(created.data.workspace).toMatchObject({ name: 'From the client' })
    await expect(
      callEndpoint(http, as(seed.keys.workspace), endpoints.createWorkspace, {
        body: { name: 'Nope' },
      }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN', status: 403 })
  })

  it('audit logs: list and detail for the personal key; 403 for an organization key', async () => {
    const list = (await callEndpoint(http, as(seed.keys.personal), endpoints.listAuditLogs, {
      query: { workspaceId: seed.workspaceId, limit: 5 },
    })) as { data: { id: string; action: string }[] }
    expect(list.data.length).toBeGreaterThan(0)
    const first = list.data[0]!
    const detail = await callEndpoint(http, as(seed.keys.personal), endpoints.getAuditLog, {
      params: { id: first.id },
    })
    expect(detail).toMatchObject({ data: { id: first.id, action: first.action } })
    await expect(
      callEndpoint(http, as(seed.keys.organizationRead), endpoints.getAuditLog, {
        params: { id: first.id },
      }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN', status: 403 })
  })

  it('a response that does not match its schema is an error naming the field', async () => {
    const strict = { ...endpoints.listWorkflows, response: z.object({ data: z.string() }) }
    const failure = await callEndpoint(http, as(seed.keys.personal), strict, {
      query: { workspaceId: seed.workspaceId },
    }).catch((e: unknown) => e)
    expect(failure).toMatchObject({ code: 'INVALID_RESPONSE' })
    expect((failure as Error).message).toMatch(/field "data"/)
  })

  it('a service slower than the timeout is TIMEOUT', async () => {
    // A sync run of slow-job takes 2 s on the service; the client gives up after 200 ms.
    await expect(
      callEndpoint(http, as(seed.keys.personal), endpoints.executeWorkflow, {
        params: { workflowId: seed.workflows['slow-job']! },
        body: { seconds: 2 },
        timeoutMs: 200,
      }),
    ).rejects.toMatchObject({ code: 'TIMEOUT' })
  })

  it('a closed port is NETWORK, retried 3 times for a read (fake clock)', async () => {
    const slept: number[] = []
    const clock: Clock = { now: () => Date.now(), sleep: async (ms) => void slept.push(ms) }
    const offline = createHttp({ clock, random: () => 0.5 })
    await expect(
      callEndpoint(
        offline,
        { connectionId: 'x', baseUrl: 'http://127.0.0.1:9', getKey: async () => 'k' },
        endpoints.listWorkflows,
        { query: { workspaceId: 'w' } },
      ),
    ).rejects.toMatchObject({ code: 'NETWORK' })
    expect(slept).toEqual([1000, 2000, 4000])
  })
})

describe('per-key rate limit (429 with Retry-After) and retries', () => {
  it('retries as the spec says, honouring Retry-After, then reports RATE_LIMIT_EXCEEDED', async () => {
    const slept: number[] = []
    // The fake clock does not wait, so the bucket stays empty and every retry meets a 429 again.
    const clock: Clock = { now: () => Date.now(), sleep: async (ms) => void slept.push(ms) }
    const hurried = createHttp({ clock })
    const target = as(seed.keys.workspace, 'rate')
    let failure: unknown
    for (let i = 0; i < 200 && !failure; i++) {
      failure = await callEndpoint(hurried, target, endpoints.listWorkflows, {
        query: { workspaceId: seed.workspaceId, limit: 1 },
      }).then(
        () => undefined,
        (e: unknown) => e,
      )
    }
    expect(failure).toMatchObject({ code: 'RATE_LIMIT_EXCEEDED', status: 429 })
    expect(slept).toHaveLength(3)
    // Retry-After (whole seconds) replaced the 1 s / 2 s / 4 s backoff.
    for (const ms of slept) expect(ms % 1000).toBe(0)
  })
})
