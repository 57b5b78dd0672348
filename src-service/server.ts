// Listens and shuts down gracefully; everything else is in buildApp.
import { buildApp, type App, type AppOptions } from './http/app.ts'

export interface ServerOptions extends AppOptions {
  /** Default 127.0.0.1: the service holds keys and data, so it is never exposed by accident. */
  host?: string
  port?: number
}

export interface RunningServer {
  app: App
  url: string
  /** Stops accepting connections, lets in-flight requests finish, closes the store. */
  close(): Promise<void>
}

export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const app = await buildApp(options)
  const host = options.host ?? '127.0.0.1'
  await app.listen({ host, port: options.port ?? 0 })
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : options.port
  const shownHost = host.includes(':') ? `[${host}]` : host
  return { app, url: `http://${shownHost}:${port}`, close: () => app.close() }
}

/** SIGINT/SIGTERM: drain and exit; a second signal exits at once. */
export function closeOnSignals(server: RunningServer, exit: (code: number) => void): void {
  let closing = false
  const stop = () => {
    if (closing) return exit(1)
    closing = true
    server.close().then(
      () => exit(0),
      () => exit(1),
    )
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}
