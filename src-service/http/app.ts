// buildApp(options): the local service as a Fastify instance. It never listens by itself;
// server.ts does that, and tests use app.inject() without a port.
import Fastify, { type FastifyInstance } from 'fastify'

export interface AppOptions {
  logger?: boolean
}

export async function buildApp(options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 10 * 1024 * 1024,
  })
  app.get('/healthz', async () => ({ ok: true }))
  return app
}
