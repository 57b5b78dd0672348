// The local service's command line (`npm run service -- <command>`). Commands other than
// `start` work directly on the data folder, without HTTP.
import { resolve } from 'node:path'
import { existsSync, readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { fileURLToPath } from 'node:url'
import { configFromEnv, executionConfigFromEnv } from './config.ts'
import { closeOnSignals, startServer } from './server.ts'
import { createServiceContext, type ServiceContext } from './services/context.ts'
import { createApiKey, revokeApiKey, type CreateKeyInput } from './services/keys.ts'
import { createWorkspace, workspaceView } from './services/workspaces.ts'
import { importWorkflow, workflowDetail } from './services/workflows.ts'
import { runSeed } from './seed/steps.ts'
import { userAccess } from './auth/access.ts'
import { ServiceError } from './services/errors.ts'
import type { Permission, User } from './store/identity-repo.ts'
import type { KeyType } from './store/keys-repo.ts'

const USAGE = `Usage: npm run service -- <command> [--data DIR] ...
  start [--port N] [--host H]              serve the API (default 127.0.0.1, port 0 = any)
  seed [--json] [--base-url URL] [--workflows DIR]
                                            create the demo organization (idempotent)
  keys create --type personal|workspace|organization [--name N] [--workspace ID]
              [--workflow ID]... [--organization ID] [--grant WS[/WORKFLOW]=read|write|admin]...
  keys list [--workspace ID]
  keys revoke KEY_ID
  workspaces create NAME [--color #RRGGBB] [--skip-default-workflow]
  workflows import FILE --workspace ID [--name N] [--deploy]
Commands act as --user EMAIL, by default the owner created by seed.
Environment: SERVICE_ENCRYPTION_KEY, RATE_LIMIT_API_PER_MINUTE, RATE_LIMIT_ENTERPRISE_SYNC,
  RATE_LIMIT_ENTERPRISE_ASYNC, ADMISSION_GATE_MAX_INFLIGHT, SERVICE_LLM_BASE_URL, SERVICE_LLM_API_KEY,
  SERVICE_JOB_WORKERS, SERVICE_JOB_LEASE_MS, SERVICE_SYNC_WAIT_MS, SERVICE_ENV_<NAME>.`

const OPTIONS = {
  data: { type: 'string' },
  port: { type: 'string' },
  host: { type: 'string' },
  json: { type: 'boolean' },
  'base-url': { type: 'string' },
  workflows: { type: 'string' },
  user: { type: 'string' },
  type: { type: 'string' },
  name: { type: 'string' },
  workspace: { type: 'string' },
  workflow: { type: 'string', multiple: true },
  organization: { type: 'string' },
  grant: { type: 'string', multiple: true },
  color: { type: 'string' },
  'skip-default-workflow': { type: 'boolean' },
  deploy: { type: 'boolean' },
} as const

type Values = ReturnType<
  typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>
>['values']

class UsageError extends Error {}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: OPTIONS,
    allowPositionals: true,
  })
  const [command, sub, ...rest] = positionals
  const env = configFromEnv(process.env)
  const dataDir = resolve(values.data ?? '.flowdeck')

  if (command === 'start') {
    const port = values.port === undefined ? 0 : Number(values.port)
    if (!Number.isInteger(port) || port < 0 || port > 65535) {
      throw new UsageError(`--port must be a number from 0 to 65535, not "${values.port}"`)
    }
    const execution = executionConfigFromEnv(process.env)
    const server = await startServer({
      ...env,
      execution,
      dataDir,
      host: values.host,
      port,
      logger: true,
    })
    console.log(`listening on ${server.url}`)
    closeOnSignals(server, (code) => process.exit(code))
    return -1
  }

  const ctx = createServiceContext({ dataDir, encryptionKey: env.encryptionKey })
  try {
    const output = runCommand(ctx, values, command, sub, rest)
    if (output === undefined) return 2
    console.log(typeof output === 'string' ? output : JSON.stringify(output, null, 2))
    return 0
  } finally {
    ctx.store.db.close()
  }
}

function runCommand(
  ctx: ServiceContext,
  values: Values,
  command: string | undefined,
  sub: string | undefined,
  rest: string[],
): unknown {
  switch (`${command} ${sub ?? ''}`.trim()) {
    case 'seed': {
      const workflowsDir = values.workflows ?? defaultWorkflowsDir()
      const result = runSeed(ctx, { workflowsDir, log: (line) => console.error(line) })
      const printed = values['base-url'] ? { baseUrl: values['base-url'], ...result } : result
      return values.json ? JSON.stringify(printed) : printed
    }
    case 'keys create': {
      const created = createApiKey(ctx, actor(ctx, values), keyInput(values))
      return { ...created.key, value: created.value }
    }
    case 'keys list':
      return ctx.store.keys.list({
        userId: values.workspace ? undefined : actor(ctx, values).id,
        workspaceId: values.workspace,
      })
    case 'keys revoke':
      revokeApiKey(ctx, actor(ctx, values), required(rest[0] ?? values.name, 'KEY_ID'))
      return 'revoked'
    case 'workspaces create': {
      const owner = actor(ctx, values)
      const name = required(rest[0] ?? values.name, 'NAME')
      const input = {
        name,
        color: values.color,
        skipDefaultWorkflow: values['skip-default-workflow'],
      }
      const { workspace, role } = createWorkspace(ctx, owner, input)
      return workspaceView(workspace, role)
    }
    case 'workflows import': {
      const user = actor(ctx, values)
      const file = required(rest[0], 'FILE')
      const access = userAccess(ctx.store, user, required(values.workspace, '--workspace'), 'write')
      const workflow: unknown = JSON.parse(readFileSync(file, 'utf8'))
      return workflowDetail(
        importWorkflow(ctx, user, access, { workflow, name: values.name, deploy: values.deploy }),
      )
    }
    default:
      console.error(USAGE)
      return command === undefined || command === 'help' ? '' : undefined
  }
}

/** resources/workflows of the checkout: one level up from src-service/cli.ts, two from the
 * bundle out/service/cli.js. A packaged app passes --workflows. */
function defaultWorkflowsDir(): string {
  const candidates = ['../resources/workflows', '../../resources/workflows'].map((rel) =>
    fileURLToPath(new URL(rel, import.meta.url)),
  )
  return candidates.find((dir) => existsSync(dir)) ?? (candidates[0] as string)
}

function actor(ctx: ServiceContext, values: Values): User {
  const { identity, meta } = ctx.store
  const user = values.user
    ? identity.getUserByEmail(values.user)
    : identity.getUser(meta.get('seed.userId') ?? '')
  if (!user)
    throw new UsageError(
      values.user ? `No user ${values.user}` : 'Run seed first, or pass --user EMAIL',
    )
  return user
}

function keyInput(values: Values): CreateKeyInput {
  const type = values.type as KeyType
  if (!['personal', 'workspace', 'organization'].includes(type)) {
    throw new UsageError('--type must be personal, workspace or organization')
  }
  const grants = (values.grant ?? []).map((text) => {
    const match = /^([^/=]+)(?:\/([^=]+))?=(read|write|admin)$/.exec(text)
    if (!match)
      throw new UsageError(
        `--grant must look like WORKSPACE[/WORKFLOW]=read|write|admin, not "${text}"`,
      )
    return {
      workspaceId: match[1] as string,
      workflowId: match[2] ?? null,
      ceiling: match[3] as Permission,
    }
  })
  return {
    type,
    name: values.name ?? `${type} key`,
    workspaceId: values.workspace,
    workflowIds: values.workflow,
    organizationId: values.organization,
    grants,
  }
}

function required(value: string | undefined, what: string): string {
  if (!value) throw new UsageError(`${what} is required`)
  return value
}

try {
  const code = await main(process.argv.slice(2))
  if (code >= 0) process.exit(code)
} catch (error) {
  if (error instanceof UsageError || error instanceof ServiceError) {
    console.error(error.message)
    process.exit(error instanceof UsageError ? 2 : 1)
  }
  throw error
}
