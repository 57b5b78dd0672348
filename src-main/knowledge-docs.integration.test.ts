// Knowledge and docs through the bridge against the REAL local service (forked, seeded into a
// temp folder): the seeded base and files, an upload followed to `completed`, and downloads in
// both forms (saved by main in the desktop app, handed to the page in browser mode).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ChannelName } from '../src-shared/bridge.ts'
import { docsHandlers } from './bridge/docs.ts'
import type { Handlers } from './bridge/registry.ts'
import type { Core } from './core.ts'
import { root, startRealCore, type RealCore } from './testing/real-core.ts'

let h: RealCore
let core: Core
let connectionId = ''
const call = <T>(name: ChannelName, input: unknown, handlers?: Handlers) =>
  h.call<T>(name, input, handlers)
const ok = <T>(name: ChannelName, input: unknown, handlers?: Handlers) =>
  h.ok<T>(name, input, handlers)

beforeAll(async () => {
  h = await startRealCore('knowledge')
  core = h.core
  connectionId = h.connectionId
}, 60_000)

afterAll(() => h.stop())

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
    expect(JSON.stringify(h.answers)).not.toContain('sk-service-')
  })
})
