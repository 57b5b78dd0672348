// A small closed-loop HTTP load generator: `concurrency` keep-alive clients send requests
// back to back for `seconds`; reports requests/s and latency percentiles. Loopback only.
// It runs in a worker thread so it does not share an event loop with the server measured.
import { Agent, request } from 'node:http'
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads'

export interface LoadOptions {
  url: string
  method?: string
  headers?: Record<string, string>
  body?: string
  concurrency?: number
  seconds?: number
  expectStatus?: number
}

export interface LoadResult {
  requests: number
  perSecond: number
  p50ms: number
  p99ms: number
  errors: number
}

function once(agent: Agent, opts: LoadOptions): Promise<number> {
  return new Promise((ok, fail) => {
    const req = request(
      opts.url,
      { method: opts.method ?? 'GET', headers: opts.headers, agent },
      (res) => {
        res.resume()
        res.on('end', () => ok(res.statusCode ?? 0))
      },
    )
    req.on('error', fail)
    req.end(opts.body)
  })
}

async function loadHere(opts: LoadOptions): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: opts.concurrency ?? 16 })
  const deadline = performance.now() + (opts.seconds ?? 3) * 1000
  const latencies: number[] = []
  let errors = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: opts.concurrency ?? 16 }, async () => {
      while (performance.now() < deadline) {
        const t0 = performance.now()
        const status = await once(agent, opts).catch(() => 0)
        latencies.push(performance.now() - t0)
        if (status !== (opts.expectStatus ?? 200)) errors++
      }
    }),
  )
  const elapsed = (performance.now() - started) / 1000
  agent.destroy()
  latencies.sort((a, b) => a - b)
  const pct = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0
  return {
    requests: latencies.length,
    perSecond: latencies.length / elapsed,
    p50ms: pct(0.5),
    p99ms: pct(0.99),
    errors,
  }
}

export function fmt(r: LoadResult): string {
  return `${r.perSecond.toFixed(0)} req/s, p50 ${r.p50ms.toFixed(2)} ms, p99 ${r.p99ms.toFixed(2)} ms, ${r.errors} errors`
}

export function load(opts: LoadOptions): Promise<LoadResult> {
  return new Promise((ok, fail) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: opts })
    worker.once('message', ok)
    worker.once('error', fail)
  })
}

if (!isMainThread && parentPort) {
  parentPort.postMessage(await loadHere(workerData as LoadOptions))
}
