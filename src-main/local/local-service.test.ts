// Against the real local service, forked exactly as browser mode forks it.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { probeHealth } from '../client/health.ts'
import { createLocalService, type ChildHandle, type LocalServiceStatus } from './local-service.ts'
import { nodeLauncher } from './node-launcher.ts'

const dataDir = mkdtempSync(join(tmpdir(), 'flowdeck-local-'))
// The source, not out/: tests run what is in the tree even before a build.
const launch = nodeLauncher(resolve(import.meta.dirname, '../../src-service/cli.ts'))
const children: ChildHandle[] = []
const statuses: LocalServiceStatus[] = []
const local = createLocalService({
  dataDir,
  launch: (args) => {
    const child = launch(args)
    children.push(child)
    return child
  },
  probe: probeHealth,
  onStatus: (s) => statuses.push(s),
})

afterAll(async () => {
  await local.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

describe('local service supervisor', () => {
  it('seeds the data folder (idempotently) and reveals the demo keys', async () => {
    const first = await local.seed()
    expect(first.keys.personal).toMatch(/^sk-service-/)
    const again = await local.seed()
    expect(again.workspaceId).toBe(first.workspaceId)
  })

  it('starts on a free 127.0.0.1 port and waits for /healthz', async () => {
    const url = await local.start()
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(await probeHealth(url)).toBe(true)
    expect(local.status()).toMatchObject({ state: 'running', url })
    expect(await local.start()).toBe(url)
  })

  it('restarts the service on the same port when it dies', async () => {
    const before = local.status()
    children.at(-1)!.kill()
    await expect.poll(() => local.status().state, { timeout: 10_000 }).toBe('restarting')
    await expect.poll(() => local.status().state, { timeout: 20_000 }).toBe('running')
    expect(local.status().port).toBe(before.port)
    expect(await probeHealth(local.status().url!)).toBe(true)
    expect(statuses.some((s) => s.lastError?.includes('stopped unexpectedly'))).toBe(true)
  })

  it('stops on request and stays stopped', async () => {
    const url = local.status().url!
    await local.stop()
    expect(local.status().state).toBe('stopped')
    expect(await probeHealth(url)).toBe(false)
  })
})
