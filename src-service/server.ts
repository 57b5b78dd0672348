// Listens and shuts down gracefully; everything else is in buildApp.
import type { FastifyInstance } from 'fastify'
import { buildApp, type AppOptions } from './http/app.ts'

export interface ServerOptions extends AppOptions {
  host?: string
  port?: number
}

export interface RunningServer {
  app: FastifyInstance
  url: string
  close(): Promise<void>
}

export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const app = await buildApp(options)
  const host = options.host ?? '127.0.0.1'
  await app.listen({ host, port: options.port ?? 0 })
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : options.port
  return { app, url: `http://${host}:${port}`, close: () => app.close() }
}
