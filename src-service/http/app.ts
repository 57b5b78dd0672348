// buildApp(options): the local service as a Fastify instance. It never listens by itself;
// server.ts does that, and tests use app.inject() without a port.
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { ZodType } from 'zod'
import { createServiceContext, type ContextOptions } from '../services/context.ts'
import { PLAN_RATES } from '../services/limits.ts'
import { installAuth } from './auth.ts'
import { installErrorHandling } from './errors.ts'
import { workflowRoutes } from './routes/workflows.ts'
import { workspaceRoutes } from './routes/workspaces.ts'
import { auditLogRoutes } from './routes/audit-logs.ts'
import { usageRoutes } from './routes/usage.ts'
import { tableRoutes } from './routes/tables.ts'
import { Executor, type ExecutorOptions } from '../jobs/executor.ts'
import { executionRoutes } from './routes/executions.ts'
import { logRoutes } from './routes/logs.ts'
import { knowledgeRoutes } from './routes/knowledge.ts'
import { fileRoutes } from './routes/files.ts'
import { startDocumentWorker } from '../services/document-worker.ts'

export interface AppOptions extends ContextOptions {
  /** false (default) for silence, true for pino JSON on stdout, or pino options. */
  logger?: boolean | FastifyServerOptions['logger']
  /** Per-key /api/v1 requests per minute; default 500 (the spec's self-hosted default). */
  apiRatePerMinute?: number
  bodyLimit?: number
  /** Workers, leases, LLM endpoint, env values, and the sync wait limit (default 300 s). */
  execution?: ExecutorOptions & { syncWaitMs?: number }
  /** false: uploaded documents wait as `pending` (tests of restarts); default true. */
  processDocuments?: boolean
}

export type App = FastifyInstance

const TEN_MB = 10 * 1024 * 1024

export async function buildApp(options: AppOptions = {}): Promise<App> {
  const ctx = createServiceContext(options)
  const app = Fastify({
    logger: loggerOptions(options.logger),
    bodyLimit: options.bodyLimit ?? TEN_MB,
    // Ids are UUIDs; nothing here needs the default 100-character cap raised or lowered.
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>()

  app.decorate('ctx', ctx)
  const executor = new Executor(ctx, options.execution)
  app.decorate('executor', executor)
  // Runs stop (and leases are released) while connections and the store are still open.
  app.addHook('preClose', async () => executor.close())
  app.addHook('onClose', async () => ctx.store.db.close())
  // Every schema is a zod schema from src-shared/api; a failed parse is handed to the error
  // handler as the ZodError itself so `details` carries zod's issues.
  app.setValidatorCompiler<ZodType>(({ schema }) => (data) => {
    const result = schema.safeParse(data)
    return result.success ? { value: result.data } : { error: result.error }
  })
  installErrorHandling(app)
  installAuth(app, { apiRatePerMinute: options.apiRatePerMinute ?? PLAN_RATES.enterprise.api })

  app.get('/healthz', { config: { auth: { scope: 'public' } } }, async () => ({ ok: true }))
  await app.register(workspaceRoutes)
  await app.register(workflowRoutes)
  await app.register(auditLogRoutes)
  await app.register(usageRoutes)
  await app.register(tableRoutes)
  await app.register(executionRoutes, { syncWaitMs: options.execution?.syncWaitMs ?? 300_000 })
  await app.register(logRoutes)
  executor.start()
  const maxUploadBytes = options.bodyLimit ?? TEN_MB
  const worker = startDocumentWorker(ctx, {
    paused: options.processDocuments === false,
    onError: (err, documentId) => app.log.error({ err, documentId }, 'document processing failed'),
  })
  app.decorate('documents', worker)
  app.addHook('preClose', () => worker.stop())
  await app.register(knowledgeRoutes, { worker, maxUploadBytes })
  await app.register(fileRoutes, { maxUploadBytes })
  return app
}

function loggerOptions(logger: AppOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false
  const base = typeof logger === 'object' ? logger : {}
  // Keys must never reach a log line, whatever a serializer is later told to include.
  return {
    ...base,
    redact: {
      paths: ['req.headers["x-api-key"]', 'headers["x-api-key"]', '*.key', '*.apiKey'],
      censor: '[redacted]',
    },
  }
}
