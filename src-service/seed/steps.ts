// `seed`: a demo organization for the app, tests and people to try. It is a list of named
// steps; each remembers what it created in service_meta, so running seed again on the same
// data folder re-uses everything and creates nothing twice. Other parts of the service add
// their steps (a table with rows, a knowledge base...) to SEED_STEPS and their ids to
// SeedResult.
import { readdirSync, readFileSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { createApiKey, revealApiKey, type CreateKeyInput } from '../services/keys.ts'
import type { ServiceContext } from '../services/context.ts'
import { createWorkspace } from '../services/workspaces.ts'
import { deployWorkflow, importWorkflow } from '../services/workflows.ts'
import { userAccess } from '../auth/access.ts'
import type { User } from '../store/identity-repo.ts'
import { transaction } from '../store/index.ts'
import { createTable } from '../services/tables.ts'
import { insertRows } from '../services/table-rows.ts'
import { DEMO_TABLE, demoContacts } from './demo-table.ts'
import { createKnowledgeBase, uploadDocument } from '../services/knowledge.ts'
import { uploadFile } from '../services/files.ts'
import { processWaitingDocumentsNow } from '../services/document-worker.ts'

export interface SeedResult {
  baseUrl?: string
  organizationId: string
  userId: string
  workspaceId: string
  keys: { personal: string; workspace: string; organizationWrite: string; organizationRead: string }
  workflows: Record<string, string>
  tableId?: string
  knowledgeBaseId?: string
}

export interface SeedOptions {
  /** Folder of sample workflow definitions (*.json). */
  workflowsDir: string
  /** Demo documents: `knowledge/*` and `files/*`; default `demo-docs` beside workflowsDir. */
  demoDocsDir?: string
  log?: (line: string) => void
}

/** What the steps build up; every field is set by the step that owns it. */
export type SeedState = Partial<Omit<SeedResult, 'keys' | 'workflows'>> & {
  owner?: User
  keys: Partial<SeedResult['keys']>
  workflows: Record<string, string>
}

export interface SeedStep {
  name: string
  run(ctx: ServiceContext, state: SeedState, options: SeedOptions): void
}

/** Returns the remembered id when `exists(id)` still holds, else creates and remembers. */
export function remember(
  ctx: ServiceContext,
  key: string,
  exists: (id: string) => boolean,
  create: () => string,
): string {
  const known = ctx.store.meta.get(`seed.${key}`)
  if (known !== null && exists(known)) return known
  const id = create()
  ctx.store.meta.set(`seed.${key}`, id)
  return id
}

const need = <T>(value: T | undefined, what: string): T => {
  if (value === undefined) throw new Error(`seed step order: ${what} is not set yet`)
  return value
}

const identityStep: SeedStep = {
  name: 'organization, owner and workspace',
  run(ctx, state) {
    const { identity } = ctx.store
    state.organizationId = remember(
      ctx,
      'organizationId',
      (id) => identity.getOrganization(id) !== null,
      () => identity.createOrganization({ name: 'Demo Org', slug: 'demo', plan: 'enterprise' }).id,
    )
    state.userId = remember(
      ctx,
      'userId',
      (id) => identity.getUser(id) !== null,
      () =>
        (
          identity.getUserByEmail('owner@demo.local') ??
          identity.createUser({ name: 'Demo Owner', email: 'owner@demo.local' })
        ).id,
    )
    identity.setMembership(state.organizationId, state.userId, 'owner')
    const owner = need(identity.getUser(state.userId) ?? undefined, 'owner')
    state.owner = owner
    state.workspaceId = remember(
      ctx,
      'workspaceId',
      (id) => identity.getWorkspace(id) !== null,
      () => createWorkspace(ctx, owner, { name: 'Demo', skipDefaultWorkflow: true }).workspace.id,
    )
  },
}

const workflowsStep: SeedStep = {
  name: 'sample workflows (deployed)',
  run(ctx, state, options) {
    const owner = need(state.owner, 'owner')
    const access = userAccess(ctx.store, owner, need(state.workspaceId, 'workspace'), 'write')
    for (const file of sampleWorkflowFiles(options.workflowsDir)) {
      const name = basename(file, '.json')
      try {
        state.workflows[name] = remember(
          ctx,
          `workflow.${name}`,
          (id) => ctx.store.workflows.getInWorkspace(access.workspace.id, id) !== null,
          () => {
            const definition: unknown = JSON.parse(readFileSync(file, 'utf8'))
            const input = { name, workflow: definition, deploy: true }
            return importWorkflow(ctx, owner, access, input).id
          },
        )
        const workflow = ctx.store.workflows.get(state.workflows[name] as string)
        if (workflow && !workflow.isDeployed) deployWorkflow(ctx, owner, workflow)
      } catch (error) {
        // One bad sample must not stop the demo from being usable.
        options.log?.(`seed: skipped ${file}: ${(error as Error).message}`)
      }
    }
  },
}

function sampleWorkflowFiles(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((f) => join(dir, f))
  } catch {
    return []
  }
}

type KeySlot = keyof SeedResult['keys']

const keysStep: SeedStep = {
  name: 'one API key of each type',
  run(ctx, state) {
    const owner = need(state.owner, 'owner')
    const workspaceId = need(state.workspaceId, 'workspace')
    const organizationId = need(state.organizationId, 'organization')
    const inputs: Record<KeySlot, CreateKeyInput> = {
      personal: { type: 'personal', name: 'Demo personal key' },
      workspace: { type: 'workspace', name: 'Demo workspace key', workspaceId },
      organizationWrite: {
        type: 'organization',
        name: 'Demo organization key (write)',
        organizationId,
        grants: [{ workspaceId, ceiling: 'write' }],
      },
      organizationRead: {
        type: 'organization',
        name: 'Demo organization key (read)',
        organizationId,
        grants: [{ workspaceId, ceiling: 'read' }],
      },
    }
    for (const [slot, input] of Object.entries(inputs) as [KeySlot, CreateKeyInput][]) {
      // Key values are shown once to users, but seed's purpose is to hand them to tools on
      // every run: it recovers them from their ciphertext (the operator owns the secret).
      const id = remember(
        ctx,
        `key.${slot}`,
        (keyId) => ctx.store.keys.get(keyId)?.revokedAt === null,
        () => createApiKey(ctx, owner, input).key.id,
      )
      state.keys[slot] = need(revealApiKey(ctx, id) ?? undefined, `key ${slot}`)
    }
  },
}

const tableStep: SeedStep = {
  name: 'a demo table with rows',
  run(ctx, state) {
    const owner = need(state.owner, 'owner')
    const access = userAccess(ctx.store, owner, need(state.workspaceId, 'workspace'), 'write')
    state.tableId = remember(
      ctx,
      'tableId',
      (id) => ctx.store.tables.get(access.workspace.id, id) !== null,
      () => {
        // A table of that name made by someone else is used as it is, never duplicated.
        const existing = ctx.store.tables.findByName(access.workspace.id, DEMO_TABLE.name)
        if (existing) return existing.id
        const { table } = createTable(ctx, owner, access, DEMO_TABLE)
        insertRows(ctx, owner, access, table.id, { rows: demoContacts() })
        return table.id
      },
    )
  },
}

function demoFiles(options: SeedOptions, sub: 'knowledge' | 'files', log: SeedOptions['log']) {
  const dir = join(options.demoDocsDir ?? join(dirname(options.workflowsDir), 'demo-docs'), sub)
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
      .map((entry) => entry.name)
      .sort()
      .map((name) => ({ name, bytes: new Uint8Array(readFileSync(join(dir, name))) }))
  } catch {
    log?.(`seed: no demo ${sub} documents in ${dir}`)
    return []
  }
}

const knowledgeStep: SeedStep = {
  name: 'knowledge base with processed documents',
  run(ctx, state, options) {
    const owner = need(state.owner, 'owner')
    const access = userAccess(ctx.store, owner, need(state.workspaceId, 'workspace'), 'write')
    const { knowledge } = ctx.store
    const kbId = remember(
      ctx,
      'knowledgeBaseId',
      (id) => knowledge.getBase(access.workspace.id, id) !== null,
      () =>
        createKnowledgeBase(ctx, owner, access, {
          name: 'Product handbook',
          description: 'How Flowdeck works: getting started, API keys, questions people ask.',
          chunkingConfig: { maxSize: 256, minSize: 100, overlap: 40 },
        }).id,
    )
    state.knowledgeBaseId = kbId
    for (const file of demoFiles(options, 'knowledge', options.log)) {
      remember(
        ctx,
        `document.${file.name}`,
        (id) => knowledge.getDocument(kbId, id) !== null,
        () =>
          uploadDocument(ctx, owner, access, kbId, {
            filename: file.name,
            mimeType: '',
            bytes: file.bytes,
          }).id,
      )
    }
    // No server (and so no background worker) runs during seed: process them here, so the
    // demo's documents are `completed` when seed prints.
    processWaitingDocumentsNow(ctx)
  },
}

const filesStep: SeedStep = {
  name: 'workspace files',
  run(ctx, state, options) {
    const owner = need(state.owner, 'owner')
    const access = userAccess(ctx.store, owner, need(state.workspaceId, 'workspace'), 'write')
    for (const file of demoFiles(options, 'files', options.log)) {
      remember(
        ctx,
        `file.${file.name}`,
        (id) => ctx.store.files.get(access.workspace.id, id) !== null,
        () =>
          uploadFile(ctx, owner, access, { filename: file.name, mimeType: '', bytes: file.bytes })
            .id,
      )
    }
  },
}

export const SEED_STEPS: SeedStep[] = [
  identityStep,
  workflowsStep,
  keysStep,
  knowledgeStep,
  filesStep,
  tableStep,
]

export function runSeed(ctx: ServiceContext, options: SeedOptions): SeedResult {
  const state: SeedState = { keys: {}, workflows: {} }
  // All or nothing: a failing step leaves the data folder as it was before this run.
  transaction(ctx.store.db, () => {
    for (const step of SEED_STEPS) step.run(ctx, state, options)
  })
  const { owner: _owner, organizationId, userId, workspaceId, keys, workflows, ...more } = state
  // Fixed order for people reading the output; later steps' ids (tableId...) come last.
  return { organizationId, userId, workspaceId, keys, workflows, ...more } as SeedResult
}
