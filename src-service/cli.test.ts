// The CLI as people and the app use it: a real process on a temporary data folder.
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { UsageLimitsResponseSchema } from '../src-shared/api/usage.ts'

const CLI = join(import.meta.dirname, 'cli.ts')
let dataDir: string

const cli = (...args: string[]) =>
  spawnSync(process.execPath, [CLI, ...args, '--data', dataDir], { encoding: 'utf8' })

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'flowdeck-cli-'))
})
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

describe('service CLI', () => {
  it('seed --json prints one JSON object, the same on every run', () => {
    const first = cli('seed', '--json')
    expect(first.status).toBe(0)
    expect(first.stdout.trim().split('\n')).toHaveLength(1)
    const seeded = JSON.parse(first.stdout)
    expect(seeded).toMatchObject({
      organizationId: expect.any(String),
      userId: expect.any(String),
      workspaceId: expect.any(String),
      keys: {
        personal: expect.stringMatching(/^sk-service-/),
        workspace: expect.stringMatching(/^sk-service-/),
        organizationWrite: expect.stringMatching(/^sk-service-/),
        organizationRead: expect.stringMatching(/^sk-service-/),
      },
      workflows: expect.any(Object),
      tableId: expect.any(String),
    })
    // The checkout's sample workflows are imported (and deployed) by default.
    expect(Object.keys(seeded.workflows)).toContain('greeting')
    expect(JSON.parse(cli('seed', '--json').stdout)).toEqual(seeded)
  })

  it('creates, lists and revokes keys, and creates workspaces', () => {
    const created = cli('keys', 'create', '--type', 'personal', '--name', 'from cli')
    expect(created.status).toBe(0)
    const key = JSON.parse(created.stdout)
    expect(key.value).toMatch(/^sk-service-/)
    expect(JSON.parse(cli('keys', 'list').stdout).map((k: { name: string }) => k.name)).toContain(
      'from cli',
    )
    expect(cli('keys', 'revoke', key.id).status).toBe(0)
    const ws = cli('workspaces', 'create', 'From CLI')
    expect(JSON.parse(ws.stdout)).toMatchObject({ name: 'From CLI', slug: 'from-cli' })
    const bad = cli('keys', 'create', '--type', 'nonsense')
    expect(bad.status).toBe(2)
    expect(bad.stderr).toMatch(/--type/)
  })

  it('start listens on 127.0.0.1, serves, and drains on SIGTERM', async () => {
    const child = spawn(process.execPath, [CLI, 'start', '--data', dataDir, '--port', '0'])
    const url = await new Promise<string>((resolve, reject) => {
      let out = ''
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString()
        const match = /^listening on (http:\/\/127\.0\.0\.1:\d+)$/m.exec(out)
        if (match) resolve(match[1] as string)
      })
      child.once('exit', (code) => reject(new Error(`exited ${code}: ${out}`)))
    })
    const res = await fetch(`${url}/healthz`)
    expect(await res.json()).toEqual({ ok: true })
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    expect(await exited).toBe(0)
  })

  it('start takes the execution rates from RATE_LIMIT_ENTERPRISE_SYNC / _ASYNC', async () => {
    const { keys } = JSON.parse(cli('seed', '--json').stdout)
    const env = {
      ...process.env,
      RATE_LIMIT_ENTERPRISE_SYNC: '42',
      RATE_LIMIT_ENTERPRISE_ASYNC: '7',
    }
    const child = spawn(process.execPath, [CLI, 'start', '--data', dataDir, '--port', '0'], { env })
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = ''
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString()
          const match = /^listening on (http:\/\/127\.0\.0\.1:\d+)$/m.exec(out)
          if (match) resolve(match[1] as string)
        })
        child.once('exit', (code) => reject(new Error(`exited ${code}: ${out}`)))
      })
      const res = await fetch(`${url}/api/users/me/usage-limits`, {
        headers: { 'X-API-Key': keys.personal },
      })
      expect(res.status).toBe(200)
      const body = UsageLimitsResponseSchema.parse(await res.json())
      expect(body.rateLimit.sync).toMatchObject({ requestsPerMinute: 42, maxBurst: 84 })
      expect(body.rateLimit.async).toMatchObject({ requestsPerMinute: 7, maxBurst: 14 })
    } finally {
      child.kill('SIGTERM')
      await exited
    }
  })
})
