// Knowledge and docs through the bridge against the REAL local service (forked, seeded into a
// temp folder): the seeded base and files, an upload followed to `completed`, and downloads in
// both forms (saved by main in the desktop app, handed to the page in browser mode).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ChannelName } from '../src-shared/bridge.ts'
import { docsHandlers } from './bridge/docs.ts'
import { dispatch, type HandlerContext, type Handlers } from './bridge/registry.ts'
import { createCore, type Core } from './core.ts'
import { nodeLauncher } from './local/node-launcher.ts'
import { createVault } from './vault/vault.ts'

const root = resolve(import.meta.dirname, '..')
const dataDir = mkdtempSync(join(tmpdir(), 'flowdeck-knowledge-'))
// The real keychain (a private one under with-keyring), under a service name of its own.
const vault = createVault(undefined, `flowdeck-test-knowledge-${process.pid}`)
const answers: unknown[] = []
let core: Core
let connectionId = ''

const ctx: HandlerContext = { mode: 'web', subscriberId: 'page', emit: () => undefined }
async function call<T>(name: ChannelName, input: unknown, handlers: Handlers = core.handlers) {
  const result = await dispatch(handlers, name, input, ctx)
  answers.push(result)
  return result as { ok: true; data: T } | { ok: false; error: { code: string; message: string } }
}
async function ok<T>(name: ChannelName, input: unknown, handlers?: Handlers): Promise<T> {
  const result = await call<T>(name, input, handlers)
  if (!result.ok) throw new Error(`${name}: ${result.error.code} ${result.error.message}`)
  return result.data
}

beforeAll(async () => {
  core = createCore({
    dataDir,
    version: 'test',
    platform: process.platform,
    launch: nodeLauncher(join(root, 'src-service/cli.ts')),
    workflowsDir: join(root, 'resources/workflows'),
    vault,
  })
  await core.start()
  connectionId = core.deps.connections.local()!.id
}, 60_000)

afterAll(async () => {
  for (const c of core.deps.connections.list()) await vault.delete(c.id).catch(() => undefined)
  await core.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

interface Doc {
  id: string
  filename: string
  processingStatus: string
  chunkCount: number
  tokenCount: number
  characterCount?: number
}

describe('knowledge through the bridge', () => {
  it('shows the seeded handbook with its processed documents', async () => {
    const list = await ok<{
      data: { knowledgeBases: { id: string; name: string; docCount: number }[] }
    }>('knowledge:list', { connectionId })
    const handbook = list.data.knowledgeBases.find((kb) => kb.name === 'Product handbook')!
    expect(handbook.docCount).toBe(3)
    const docs = await ok<{ data: { documents: Doc[]; pagination: { total: number } } }>(
      'knowledge:documents',
      { connectionId, knowledgeBaseId: handbook.id, sortBy: 'filename', sortOrder: 'asc' },
    )
    expect(docs.data.documents.map((d) => [d.filename, d.processingStatus])).toEqual([
      ['api-keys.txt', 'completed'],
      ['faq.html', 'completed'],
      ['getting-started.md', 'completed'],
    ])
    expect(docs.data.documents.every((d) => d.chunkCount > 0 && d.tokenCount > 0)).toBe(true)
  })

  it('uploads a document and sees it move from pending to completed', async () => {
    const created = await ok<{ data: { knowledgeBase: { id: string } } }>('knowledge:create', {
      connectionId,
      name: 'Bridge uploads',
      chunkingConfig: { maxSize: 100, minSize: 1, overlap: 10 },
    })
    const knowledgeBaseId = created.data.knowledgeBase.id
    const text = 'Tides rise and fall twice a day. '.repeat(60)
    const uploaded = await ok<{ data: { document: Doc } }>('knowledge:upload', {
      connectionId,
      knowledgeBaseId,
      file: {
        name: 'tides.txt',
        mime: 'text/plain',
        size: text.length,
        dataUrl: `data:text/plain;base64,${Buffer.from(text).toString('base64')}`,
      },
    })
    expect(uploaded.data.document.processingStatus).toBe('pending')
    let doc = uploaded.data.document
    for (
      let i = 0;
      i < 200 && (doc.processingStatus === 'pending' || doc.processingStatus === 'processing');
      i++
    ) {
      await sleep(25)
      doc = (
        await ok<{ data: { document: Doc } }>('knowledge:document', {
          connectionId,
          knowledgeBaseId,
          documentId: doc.id,
        })
      ).data.document
    }
    expect(doc.processingStatus).toBe('completed')
    expect(doc.characterCount).toBe(text.trim().length)
    expect(doc.chunkCount).toBeGreaterThan(3)
  })
})

describe('docs through the bridge', () => {
  async function pricingId() {
    const list = await ok<{ data: { files: { id: string; name: string }[] } }>('docs:list', {
      connectionId,
    })
    return list.data.files.find((f) => f.name === 'pricing.csv')!.id
  }
  const expected = readFileSync(join(root, 'resources/demo-docs/files/pricing.csv'))

  it('hands the bytes to the page in browser mode', async () => {
    const web = docsHandlers({ ...core.deps, files: undefined }) as unknown as Handlers
    const answer = await ok<{ kind: string; name: string; size: number; base64: string }>(
      'docs:download',
      { connectionId, fileId: await pricingId() },
      { ...core.handlers, ...web },
    )
    expect(answer).toMatchObject({ kind: 'bytes', name: 'pricing.csv', size: expected.length })
    expect(Buffer.from(answer.base64, 'base64')).toEqual(expected)
  })

  it('lets main save the file in the desktop app', async () => {
    const saved: { name: string; bytes: Uint8Array }[] = []
    const desktop = docsHandlers({
      ...core.deps,
      files: {
        pick: async () => null,
        save: async () => false,
        saveBytes: async (name, bytes) => {
          saved.push({ name, bytes })
          return true
        },
      },
    }) as unknown as Handlers
    const answer = await ok(
      'docs:download',
      { connectionId, fileId: await pricingId() },
      {
        ...core.handlers,
        ...desktop,
      },
    )
    expect(answer).toEqual({ kind: 'saved', saved: true, name: 'pricing.csv' })
    expect(Buffer.from(saved[0]!.bytes)).toEqual(expected)
  })

  it('says NOT_FOUND for a file that is not there', async () => {
    const answer = await call('docs:download', { connectionId, fileId: 'missing' })
    expect(answer).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } })
  })

  it('never lets a key reach the page', () => {
    expect(JSON.stringify(answers)).not.toContain('sk-service-')
  })
})
