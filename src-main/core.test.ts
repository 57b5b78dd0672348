// The core against the REAL local service (forked from src-service, seeded into a temp folder)
// and the real keychain (npm run test:unit runs inside scripts/with-keyring.ts).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ChannelName, EventName } from '../src-shared/bridge.ts'
import { dispatch, type HandlerContext } from './bridge/registry.ts'
import { createCore, LOCAL_CONNECTION_NAME, type Core } from './core.ts'
import { nodeLauncher } from './local/node-launcher.ts'
import { createVault } from './vault/vault.ts'

const dataDir = mkdtempSync(join(tmpdir(), 'flowdeck-core-'))
const vault = createVault(undefined, `flowdeck-test-core-${process.pid}`)
const pushed: { subscriberId: string; event: EventName; payload: unknown }[] = []
const answers: unknown[] = []
let core: Core
let localUrl: string

const ctx: HandlerContext = {
  mode: 'web',
  subscriberId: 'page-1',
  emit: () => undefined,
}

async function call(name: ChannelName, input: unknown = {}) {
  const result = await dispatch(core.handlers, name, input, ctx)
  answers.push(result)
  return result
}
async function ok<T = Record<string, unknown>>(name: ChannelName, input: unknown = {}): Promise<T> {
  const result = await call(name, input)
  if (!result.ok) throw new Error(`${name}: ${result.error.code} ${result.error.message}`)
  return result.data as T
}

beforeAll(async () => {
  core = createCore({
    dataDir,
    version: '0.0.0-test',
    platform: process.platform,
    launch: nodeLauncher(resolve(import.meta.dirname, '../src-service/cli.ts')),
    workflowsDir: resolve(import.meta.dirname, '../resources/workflows'),
    vault,
  })
  core.setEmit((subscriberId, event, payload) => pushed.push({ subscriberId, event, payload }))
  localUrl = (await core.start()).localUrl
}, 60_000)

afterAll(async () => {
  for (const c of core.deps.connections.list()) await vault.delete(c.id).catch(() => undefined)
  await core.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

describe('first launch: "This computer"', () => {
  it('is created, seeded, and its key sits in the keychain, not in any answer', async () => {
    const list =
      await ok<{ id: string; name: string; kind: string; hasKey: boolean }[]>('connections:list')
    expect(list).toEqual([
      expect.objectContaining({ name: LOCAL_CONNECTION_NAME, kind: 'local', hasKey: true }),
    ])
    expect(await vault.get(list[0]!.id)).toMatch(/^sk-service-/)
  })

  it('lists the demo workflows of the seeded workspace through the bridge', async () => {
    const local = core.deps.connections.local()!
    const page = await ok<{ data: { name: string; isDeployed: boolean }[] }>('workflows:list', {
      connectionId: local.id,
    })
    expect(page.data.map((w) => w.name)).toEqual(expect.arrayContaining(['greeting', 'branching']))
    expect(await ok('connections:test', { connectionId: local.id })).toMatchObject({ ok: true })
    // /api/v1/workflows reports the per-key limit; the client kept it for this connection.
    expect(await ok('usage:rate-limit', { connectionId: local.id })).toMatchObject({
      limit: expect.any(Number),
      remaining: expect.any(Number),
    })
  })

  it('starts again on the same data folder without creating a second "This computer"', async () => {
    const again = createCore({
      dataDir,
      version: '0',
      platform: process.platform,
      launch: nodeLauncher(resolve(import.meta.dirname, '../src-service/cli.ts')),
      vault,
    })
    await again.start()
    expect(again.deps.connections.list().filter((c) => c.kind === 'local')).toHaveLength(1)
    await again.stop()
  })
})

describe('connections', () => {
  it('adds a remote connection, stores its key write-only, and tests it in words', async () => {
    const added = await ok<{ id: string; hasKey: boolean }>('connections:add', {
      name: 'Local by hand',
      baseUrl: `${localUrl}/`,
      workspaceId: core.deps.connections.local()!.workspaceId,
      keyType: 'personal',
    })
    expect(added.hasKey).toBe(false)
    const noKey = await ok('connections:test', { connectionId: added.id })
    expect(noKey).toMatchObject({ ok: false, code: 'UNAUTHORIZED' })

    const setKey = await ok('connections:set-key', {
      connectionId: added.id,
      key: 'sk-service-not-a-real-key',
    })
    expect(setKey).toEqual({ hasKey: true })
    const wrong = await ok<{ ok: boolean; code: string; message: string }>('connections:test', {
      connectionId: added.id,
    })
    expect(wrong).toMatchObject({ ok: false, code: 'UNAUTHORIZED', status: 401 })
    expect(wrong.message).toMatch(/did not accept the key/)

    const unreachable = await ok<{ id: string }>('connections:add', {
      name: 'Nowhere',
      baseUrl: 'http://127.0.0.1:9',
      workspaceId: 'ws',
      keyType: 'workspace',
    })
    await ok('connections:set-key', { connectionId: unreachable.id, key: 'sk-service-x' })
    expect(await ok('connections:test', { connectionId: unreachable.id })).toMatchObject({
      ok: false,
      code: 'NETWORK',
      message: expect.stringMatching(/could not reach/),
    })

    await ok('connections:remove', { connectionId: added.id })
    expect(await vault.has(added.id)).toBe(false)
  })

  it('parses a pasted dashboard link', async () => {
    expect(
      await ok('connections:parse-link', {
        url: 'https://flows.example.com/acme/sales/w/3f2b6c1e-8a4d-4c2b-9f1e-0a1b2c3d4e5f',
      }),
    ).toMatchObject({ baseUrl: 'https://flows.example.com', workspaceSlug: 'sales' })
  })

  it('refuses to change or remove "This computer"', async () => {
    const local = core.deps.connections.local()!
    const res = await call('connections:remove', { connectionId: local.id })
    expect(res).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } })
  })
})

describe('settings and the local service', () => {
  it('reads and updates settings; reports the service status', async () => {
    expect(await ok('settings:get')).toMatchObject({ theme: 'system', timeoutMs: 30_000 })
    expect(await ok('settings:update', { theme: 'dark' })).toMatchObject({ theme: 'dark' })
    expect(await ok('local:status')).toMatchObject({ state: 'running', url: localUrl })
  })
})

describe('no channel ever returns a key', () => {
  it('no answer of this whole file carries sk-service-', () => {
    const text = JSON.stringify(answers) + JSON.stringify(pushed)
    expect(answers.length).toBeGreaterThan(10)
    expect(text).not.toContain('sk-service-')
  })
})
