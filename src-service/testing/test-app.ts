// Test fixture: an app on a fresh temporary data folder with an Enterprise organization, its
// owner, a second workspace, and one key of each type. Tests talk to it with app.inject().
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import { buildApp, type App, type AppOptions } from '../http/app.ts'
import type { Organization, User, WorkspaceRecord } from '../store/identity-repo.ts'
import { createApiKey, type CreateKeyInput } from '../services/keys.ts'
import { createWorkspace } from '../services/workspaces.ts'
import type { Clock } from '../services/context.ts'

export interface TestService {
  app: App
  dataDir: string
  org: Organization
  owner: User
  /** The main workspace (no default workflow) and a second one in the same organization. */
  workspace: WorkspaceRecord
  otherWorkspace: WorkspaceRecord
  keys: { personal: string; workspace: string; organizationWrite: string; organizationRead: string }
  /** Creates a key for `user` (default: the owner) and returns its value. */
  createKey(input: CreateKeyInput, user?: User): string
  /** Creates a user with an organization membership (default role member). */
  createUser(name: string, role?: 'owner' | 'admin' | 'member'): User
  /** app.inject with the X-API-Key header set. */
  call(key: string | null, options: InjectOptions): Promise<LightMyRequestResponse>
  close(): Promise<void>
}

/** A clock tests can move. */
export function manualClock(
  start = '2026-01-01T00:00:00.000Z',
): Clock & { advance(ms: number): void } {
  let t = Date.parse(start)
  return { now: () => new Date(t), advance: (ms) => void (t += ms) }
}

export async function createTestService(options: AppOptions = {}): Promise<TestService> {
  const dataDir = mkdtempSync(join(tmpdir(), 'flowdeck-service-'))
  const app = await buildApp({ dataDir, ...options })
  const { ctx } = app
  const { identity } = ctx.store

  const org = identity.createOrganization({ name: 'Acme', slug: 'acme', plan: 'enterprise' })
  let users = 0
  const createUser: TestService['createUser'] = (name, role = 'member') => {
    const user = identity.createUser({ name, email: `user${++users}@acme.test` })
    identity.setMembership(org.id, user.id, role)
    return user
  }
  const owner = createUser('Olivia Owner', 'owner')
  const workspace = createWorkspace(ctx, owner, {
    name: 'Main',
    skipDefaultWorkflow: true,
  }).workspace
  const otherWorkspace = createWorkspace(ctx, owner, {
    name: 'Other',
    skipDefaultWorkflow: true,
  }).workspace
  const createKey: TestService['createKey'] = (input, user = owner) =>
    createApiKey(ctx, user, input).value

  const keys = {
    personal: createKey({ type: 'personal', name: 'personal' }),
    workspace: createKey({ type: 'workspace', name: 'ws', workspaceId: workspace.id }),
    organizationWrite: createKey({
      type: 'organization',
      name: 'org write',
      organizationId: org.id,
      grants: [{ workspaceId: workspace.id, ceiling: 'write' }],
    }),
    organizationRead: createKey({
      type: 'organization',
      name: 'org read',
      organizationId: org.id,
      grants: [{ workspaceId: workspace.id, ceiling: 'read' }],
    }),
  }

  return {
    app,
    dataDir,
    org,
    owner,
    workspace,
    otherWorkspace,
    keys,
    createKey,
    createUser,
    call: (key, opts) =>
      app.inject({ ...opts, headers: { ...opts.headers, ...(key ? { 'x-api-key': key } : {}) } }),
    async close() {
      await app.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
