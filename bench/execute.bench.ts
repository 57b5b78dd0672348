// Section: running workflows. Sync execute of the greeting workflow (auth, admission, two SQLite
// transactions, a function block in the sandbox pool, the Response block reply) next to bare
// node:http; stream time-to-first-frame; async jobs completed per second with 4 workers.
//
// Recorded 2026-11-23 on the 2-core build box shared with other sessions (BENCH_SECONDS=5,
// load average 3-4, runs alternated with the previous commit 705bdd3 to cancel out the noise):
// bare 22-29k req/s; sync execute 1360-1490 req/s (p50 9-10 ms, p99 28-33 ms at 16 clients),
// server thread CPU 340-380 us per execute (705bdd3 in the same minutes: 980-1280 req/s,
// 430-570 us); ratio 0.05-0.06 against an aim of 0.30. Stream first frame p50 2.6-2.8 ms, p99
// 10-18 ms; async 525-620 jobs/s completed.
// Where the time goes, per sync execute, all threads (CPU profile plus per-thread CPU from
// /proc): the server thread ~350 us (SQLite BEGIN/COMMIT of the group-committed run records
// ~15%, the statements themselves ~5%, auth reads ~6%, socket write of the reply ~10%,
// postMessage to the sandbox ~6%, Fastify, zod, engine and run history the rest); the sandbox
// worker ~450 us, nearly all of it creating the fresh vm context each call must get; V8's GC
// helper threads ~250 us collecting those contexts; the load generator's own thread. The
// fresh context alone (300-500 us of CPU on this box, with or without microtaskMode) caps the
// ratio near 0.1 on two cores whatever the server thread does; 0.30 would need ~130 us of
// CPU per request in total.
import { request } from 'node:http'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startServer } from '../src-service/server.ts'
import { runSeed } from '../src-service/seed/steps.ts'
import { openGate } from '../src-service/services/execution-gate.ts'
import { startBareServer } from './baseline.ts'
import { fmt, load } from './load.ts'

const WORKFLOWS = join(import.meta.dirname, '../resources/workflows')

export async function run(seconds: number): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'flowdeck-bench-exec-'))
  // The open gate: this measures the execution path, not the per-account buckets (which would
  // answer 429 long before a load test ends).
  const service = await startServer({
    dataDir,
    port: 0,
    gate: openGate,
    execution: { workers: 4 },
  })
  const seed = runSeed(service.app.ctx, { workflowsDir: WORKFLOWS })
  const key = seed.keys.personal
  const headers = { 'x-api-key': key, 'content-type': 'application/json' }
  const bare = await startBareServer()

  const bareResult = await load({ url: `${bare.url}/`, seconds })
  // CPU time of the server's own thread per request: unlike requests/s, it barely moves when
  // other processes compete for the cores, so it shows what a change saved.
  const cpuBefore = process.threadCpuUsage()
  const syncResult = await load({
    url: `${service.url}/api/workflows/${seed.workflows.greeting}/execute`,
    method: 'POST',
    headers,
    body: JSON.stringify({ name: 'Bench' }),
    seconds,
  })
  console.log(`  bare node:http                         ${fmt(bareResult)}`)
  const cpu = process.threadCpuUsage(cpuBefore)
  console.log(`  POST execute greeting (sync)           ${fmt(syncResult)}`)
  console.log(
    `  server thread CPU per sync execute     ${((cpu.user + cpu.system) / syncResult.requests).toFixed(0)} us`,
  )
  console.log(
    `  ratio (sync execute / bare)            ${(syncResult.perSecond / bareResult.perSecond).toFixed(2)}`,
  )

  const firstFrames = await timeToFirstFrame(service.url, seed.workflows.report!, key, 40)
  console.log(
    `  stream time-to-first-frame (report)    p50 ${firstFrames.p50.toFixed(2)} ms, p99 ${firstFrames.p99.toFixed(2)} ms over ${firstFrames.n}`,
  )

  const jobs = await asyncThroughput(service, seed.workflows.branching!, key, seconds)
  console.log(
    `  async jobs, 4 workers (branching)      ${jobs.perSecond.toFixed(0)} jobs/s completed (${jobs.completed} in ${jobs.seconds.toFixed(2)} s)`,
  )

  bare.server.close()
  await service.close()
  rmSync(dataDir, { recursive: true, force: true })
}

/** From sending a stream request to reading its first `data:` frame, one run at a time. */
async function timeToFirstFrame(base: string, workflowId: string, key: string, runs: number) {
  const body = JSON.stringify({ stream: true, stepMs: 0, selectedOutputs: ['outline.result'] })
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    times.push(
      await new Promise<number>((ok, fail) => {
        const t0 = performance.now()
        const req = request(
          `${base}/api/workflows/${workflowId}/execute`,
          {
            method: 'POST',
            headers: {
              'x-api-key': key,
              'content-type': 'application/json',
              'x-service-stream-version': '2',
            },
          },
          (res) => {
            let first = 0
            res.on('data', (chunk: Buffer) => {
              if (first === 0 && chunk.toString().startsWith('data: ')) first = performance.now()
            })
            res.on('end', () => ok(first - t0))
          },
        )
        req.on('error', fail)
        req.end(body)
      }),
    )
  }
  times.sort((a, b) => a - b)
  const pct = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!
  return { p50: pct(0.5), p99: pct(0.99), n: times.length }
}

/** Queues jobs for `seconds` through the API, then counts completions per second of the run. */
async function asyncThroughput(
  service: Awaited<ReturnType<typeof startServer>>,
  workflowId: string,
  key: string,
  seconds: number,
) {
  const { db } = service.app.ctx.store
  const done = () =>
    Number(
      db.raw
        .prepare(
          "SELECT COUNT(*) AS n FROM executions WHERE mode = 'async' AND status = 'completed'",
        )
        .get()!.n,
    )
  const before = done()
  const started = performance.now()
  await load({
    url: `${service.url}/api/workflows/${workflowId}/execute`,
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json', 'x-execution-mode': 'async' },
    body: JSON.stringify({ number: 12 }),
    concurrency: 4,
    seconds,
    expectStatus: 202,
  })
  const queued = () =>
    Number(
      db.raw
        .prepare("SELECT COUNT(*) AS n FROM executions WHERE status IN ('pending', 'processing')")
        .get()!.n,
    )
  while (queued() > 0) await new Promise((resolve) => setTimeout(resolve, 10))
  const elapsed = (performance.now() - started) / 1000
  const completed = done() - before
  return { completed, seconds: elapsed, perSecond: completed / elapsed }
}
