// "This computer": the local service as a child process on 127.0.0.1 with the app's data
// folder. It is started, health-checked, restarted when it dies, and stopped on quit. How a
// process is forked is injected (utilityProcess in Electron, child_process in browser mode).
import { z } from 'zod'

/** What the launcher hands back: lines of output, an exit event, and a way to stop it. */
export interface ChildHandle {
  onLine(listener: (line: string) => void): void
  onExit(listener: (code: number | null) => void): void
  kill(): void
}

export type Launcher = (args: string[]) => ChildHandle

export const SeedResultSchema = z.object({
  organizationId: z.string(),
  userId: z.string(),
  workspaceId: z.string(),
  keys: z.object({
    personal: z.string(),
    workspace: z.string(),
    organizationWrite: z.string(),
    organizationRead: z.string(),
  }),
  workflows: z.record(z.string(), z.string()),
  tableId: z.string().optional(),
  knowledgeBaseId: z.string().optional(),
})
export type SeedResult = z.infer<typeof SeedResultSchema>

export type LocalServiceState = 'stopped' | 'starting' | 'running' | 'restarting' | 'failed'

export interface LocalServiceStatus {
  state: LocalServiceState
  url: string | null
  port: number | null
  restarts: number
  lastError: string | null
}

export interface LocalServiceDeps {
  launch: Launcher
  dataDir: string
  /** The sample workflows seeded into the demo workspace (resources/workflows). */
  workflowsDir?: string
  /** GET {url}/healthz answered 200. Lives in the client, the one place that calls the network. */
  probe(url: string): Promise<boolean>
  sleep?(ms: number): Promise<void>
  startTimeoutMs?: number
  log?(line: string): void
  onStatus?(status: LocalServiceStatus): void
}

const LISTENING = /listening on (http:\/\/\S+)/

export function createLocalService(deps: LocalServiceDeps) {
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((ok) => setTimeout(ok, ms)))
  const startTimeoutMs = deps.startTimeoutMs ?? 30_000
  let child: ChildHandle | null = null
  let stopping = false
  let lastPort: number | null = null
  let startedAt = 0
  let starting: Promise<string> | null = null
  const status: LocalServiceStatus = {
    state: 'stopped',
    url: null,
    port: null,
    restarts: 0,
    lastError: null,
  }
  const set = (patch: Partial<LocalServiceStatus>) => {
    Object.assign(status, patch)
    deps.onStatus?.({ ...status })
  }

  /** Runs `seed --json` on the data folder; idempotent, so every launch may call it. */
  function seed(): Promise<SeedResult> {
    return new Promise((ok, fail) => {
      const lines: string[] = []
      const args = ['seed', '--data', deps.dataDir, '--json']
      if (deps.workflowsDir) args.push('--workflows', deps.workflowsDir)
      const proc = deps.launch(args)
      proc.onLine((line) => lines.push(line))
      proc.onExit((code) => {
        const json = [...lines].reverse().find((l) => l.trim().startsWith('{'))
        if (code !== 0 || !json) {
          return fail(
            new Error(`The local service could not prepare its demo data (exit ${code}).`),
          )
        }
        const parsed = SeedResultSchema.safeParse(JSON.parse(json))
        if (parsed.success) ok(parsed.data)
        else fail(new Error('The local service printed seed data Flowdeck does not understand.'))
      })
    })
  }

  function spawnOnce(port: number): Promise<string> {
    return new Promise((ok, fail) => {
      const proc = deps.launch([
        'start',
        '--data',
        deps.dataDir,
        '--host',
        '127.0.0.1',
        '--port',
        String(port),
      ])
      child = proc
      let settled = false
      const timer = setTimeout(() => {
        if (settled) return
        settled = true
        proc.kill()
        fail(new Error('The local service did not start in time.'))
      }, startTimeoutMs)
      proc.onLine((line) => {
        deps.log?.(line)
        const match = LISTENING.exec(line)
        if (match && !settled) {
          settled = true
          clearTimeout(timer)
          ok(match[1]!)
        }
      })
      proc.onExit((code) => {
        if (child === proc) child = null
        if (!settled) {
          settled = true
          clearTimeout(timer)
          fail(new Error(`The local service stopped while starting (exit ${code}).`))
          return
        }
        if (!stopping) void recover(`The local service stopped unexpectedly (exit ${code}).`)
      })
    })
  }

  async function waitHealthy(url: string) {
    const deadline = Date.now() + startTimeoutMs
    while (Date.now() < deadline) {
      if (await deps.probe(url).catch(() => false)) return
      await sleep(100)
    }
    throw new Error('The local service started but does not answer its health check.')
  }

  async function boot(): Promise<string> {
    set({ state: status.state === 'restarting' ? 'restarting' : 'starting' })
    let url: string
    try {
      // Keep the same port across restarts when it is still free, so open pages keep working.
      url = await spawnOnce(lastPort ?? 0)
    } catch (err) {
      if (lastPort === null) throw err
      url = await spawnOnce(0)
    }
    await waitHealthy(url)
    const port = Number(new URL(url).port)
    lastPort = port
    startedAt = Date.now()
    set({ state: 'running', url, port, lastError: null })
    return url
  }

  async function recover(reason: string) {
    set({ state: 'restarting', url: null, lastError: reason })
    // Back off when it keeps dying; a run of a minute or more resets the count.
    if (Date.now() - startedAt > 60_000) status.restarts = 0
    for (;;) {
      if (stopping) return
      const delay = Math.min(1000 * 2 ** status.restarts, 30_000)
      status.restarts++
      await sleep(delay)
      if (stopping) return
      try {
        await boot()
        return
      } catch (err) {
        set({ lastError: err instanceof Error ? err.message : String(err) })
        if (status.restarts >= 8) {
          set({ state: 'failed' })
          return
        }
      }
    }
  }

  return {
    seed,
    /** Starts the service (once) and resolves with its base URL when /healthz answers. */
    start(): Promise<string> {
      stopping = false
      if (status.state === 'running' && status.url) return Promise.resolve(status.url)
      starting ??= boot().then(
        (url) => {
          starting = null
          return url
        },
        (err: unknown) => {
          starting = null
          set({ state: 'failed', lastError: err instanceof Error ? err.message : String(err) })
          throw err
        },
      )
      return starting
    },
    /** The URL now, or after the running (re)start finishes. */
    async url(): Promise<string> {
      if (status.state === 'running' && status.url) return status.url
      if (starting) return starting
      const deadline = Date.now() + startTimeoutMs
      while (Date.now() < deadline && status.state === 'restarting') await sleep(100)
      if (status.state === 'running' && status.url) return status.url
      return this.start()
    },
    status: (): LocalServiceStatus => ({ ...status }),
    async restart(): Promise<string> {
      await this.stop()
      status.restarts = 0
      return this.start()
    },
    stop(): Promise<void> {
      stopping = true
      const proc = child
      child = null
      set({ state: 'stopped', url: null })
      if (!proc) return Promise.resolve()
      return new Promise((ok) => {
        const timer = setTimeout(ok, 5000)
        proc.onExit(() => {
          clearTimeout(timer)
          ok()
        })
        proc.kill()
      })
    },
  }
}

export type LocalService = ReturnType<typeof createLocalService>
