// Restart recovery with real processes: the service CLI runs a slow async job and a slow sync
// run, is killed with SIGKILL mid-run, and starts again on the same data folder. The async job
// is retried and completes (never stays processing, never disappears); the sync run, whose
// caller died with the connection, is failed with the reason.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { JobStatusSchema, type JobStatus } from '../../src-shared/api/execution.ts'
import { ListLogsResponseSchema } from '../../src-shared/api/logs.ts'
import { INTERRUPTED_SYNC } from './executor.ts'

const CLI = join(import.meta.dirname, '../cli.ts')
const dataDir = mkdtempSync(join(tmpdir(), 'flowdeck-restart-'))
const children: ChildProcess[] = []
let seed: { keys: { personal: string }; workflows: Record<string, string>; workspaceId: string }

beforeAll(() => {
  const out = spawnSync(process.execPath, [CLI, 'seed', '--data', dataDir, '--json'], {
    encoding: 'utf8',
  })
  expect(out.status, out.stderr).toBe(0)
  seed = JSON.parse(out.stdout)
})

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL')
  rmSync(dataDir, { recursive: true, force: true })
})

/** `cli.ts start` on the data folder; resolves with the child and its base URL. */
function startService(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [CLI, 'start', '--data', dataDir, '--port', '0'], {
    // A short lease so the restarted service reclaims the killed run within the test.
    env: { ...process.env, SERVICE_JOB_LEASE_MS: '1500' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  return new Promise((resolve, reject) => {
    let out = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const match = /listening on (http:\/\/\S+)/.exec(out)
      if (match) resolve({ child, url: match[1]! })
    })
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()))
    child.on('exit', (code) =>
      reject(new Error(`service exited (${code}) before listening:\n${out}`)),
    )
  })
}

const headers = () => ({ 'x-api-key': seed.keys.personal, 'content-type': 'application/json' })

async function slowLogs(url: string) {
  const res = await fetch(
    `${url}/api/v1/logs?workspaceId=${seed.workspaceId}&workflowIds=${seed.workflows['slow-job']}`,
    { headers: headers() },
  )
  return ListLogsResponseSchema.parse(await res.json()).data
}

async function job(url: string, id: string): Promise<JobStatus> {
  const res = await fetch(`${url}/api/jobs/${id}`, { headers: headers() })
  expect(res.status).toBe(200)
  return JobStatusSchema.parse(await res.json())
}

async function waitFor(url: string, id: string, done: (j: JobStatus) => boolean) {
  const seen: string[] = []
  for (let i = 0; i < 300; i++) {
    const current = await job(url, id)
    if (seen.at(-1) !== current.status) seen.push(current.status)
    if (done(current)) return { job: current, seen }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`job ${id} went through ${seen.join(' -> ')} and stopped there`)
}

it('a job survives kill -9: reclaimed at the next start and completed', async () => {
  const first = await startService()
  const slow = seed.workflows['slow-job']!
  // A sync run whose caller is still waiting when the process dies.
  const syncCall = fetch(`${first.url}/api/workflows/${slow}/execute`, {
    method: 'POST',
    headers: headers(),
    body: JSON.stringify({ seconds: 30 }),
  }).catch((error: unknown) => error)
  for (let i = 0; i < 200 && (await slowLogs(first.url)).length < 1; i++) {
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  const accepted = await fetch(`${first.url}/api/workflows/${slow}/execute`, {
    method: 'POST',
    headers: { ...headers(), 'x-execution-mode': 'async' },
    body: JSON.stringify({ seconds: 3 }),
  })
  expect(accepted.status).toBe(202)
  const { jobId } = (await accepted.json()) as { jobId: string }
  await waitFor(first.url, jobId, (j) => j.status === 'processing')

  const exited = new Promise((resolve) => first.child.once('exit', resolve))
  first.child.kill('SIGKILL')
  expect(await exited).toBe(null)
  expect(await syncCall).toBeInstanceOf(Error)

  const second = await startService()
  const { job: finished, seen } = await waitFor(second.url, jobId, (j) =>
    ['completed', 'failed', 'cancelled'].includes(j.status),
  )
  // Retried after the lease ran out: the wait block ran again and completed.
  expect(finished).toMatchObject({ status: 'completed', output: { result: { done: true } } })
  expect(seen.at(0)).toMatch(/processing|pending/)

  // The sync run is found in the logs and was failed with the reason, not left processing.
  const syncLog = (await slowLogs(second.url)).find((l) => l.executionId !== jobId)!
  expect(syncLog).toBeDefined()
  expect(await job(second.url, syncLog.executionId)).toMatchObject({
    status: 'failed',
    error: INTERRUPTED_SYNC,
  })
  expect(syncLog.level).toBe('error')

  // A graceful stop exits cleanly.
  const stopped = new Promise((resolve) => second.child.once('exit', resolve))
  second.child.kill('SIGTERM')
  expect(await stopped).toBe(0)
}, 60_000)
