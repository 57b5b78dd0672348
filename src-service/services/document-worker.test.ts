// The background processor across restarts and lapsed claims, through the real app.
import { rmSync } from 'node:fs'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { afterEach, describe, expect, it } from 'vitest'
import { GetDocumentResponseSchema } from '../../src-shared/api/knowledge.ts'
import { buildApp, type App } from '../http/app.ts'
import { multipart } from '../testing/multipart.ts'
import { createTestService, manualClock, type TestService } from '../testing/test-app.ts'
import { LEASE_MS } from './document-worker.ts'

const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function service(options: Parameters<typeof createTestService>[0] = {}) {
  const s = await createTestService(options)
  cleanups.push(() => s.close())
  return s
}

async function createBase(s: TestService, app: App = s.app) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/knowledge',
    headers: { 'x-api-key': s.keys.personal },
    payload: { workspaceId: s.workspace.id, name: 'Restart' },
  })
  return (res.json() as { data: { knowledgeBase: { id: string } } }).data.knowledgeBase.id
}

async function uploadTo(s: TestService, kbId: string, name: string, content: string) {
  const body = await multipart({ workspaceId: s.workspace.id }, [{ name, content }])
  const res = await s.app.inject({
    method: 'POST',
    url: `/api/v1/knowledge/${kbId}/documents`,
    headers: { ...body.headers, 'x-api-key': s.keys.personal },
    payload: body.payload,
  })
  expect(res.statusCode).toBe(200)
  return (res.json() as { data: { document: { id: string } } }).data.document.id
}

async function statusOf(s: TestService, app: App, kbId: string, docId: string) {
  const res = await app.inject({
    method: 'GET',
    url: `/api/v1/knowledge/${kbId}/documents/${docId}?workspaceId=${s.workspace.id}`,
    headers: { 'x-api-key': s.keys.personal },
  })
  return GetDocumentResponseSchema.parse(res.json()).data.document
}

describe('document processing across restarts', () => {
  it('picks up documents left pending or mid-processing when the process stopped', async () => {
    const s = await createTestService({ processDocuments: false })
    cleanups.push(() => rmSync(s.dataDir, { recursive: true, force: true }))
    const kbId = await createBase(s)
    const waiting = await uploadTo(s, kbId, 'waiting.txt', 'Uploaded just before the crash.')
    const inFlight = await uploadTo(s, kbId, 'in-flight.md', '# Half done\n\nWas being processed.')
    // A worker had claimed this one when the process died.
    expect(s.app.ctx.store.knowledge.claimNext(LEASE_MS)?.id).toBe(waiting)
    expect((await statusOf(s, s.app, kbId, waiting)).processingStatus).toBe('processing')
    expect((await statusOf(s, s.app, kbId, inFlight)).processingStatus).toBe('pending')
    await s.app.close()

    // Same data folder, a new process: both are finished without anyone asking.
    const app = await buildApp({ dataDir: s.dataDir })
    cleanups.push(() => app.close())
    await app.documents.idle()
    for (const id of [waiting, inFlight]) {
      const doc = await statusOf(s, app, kbId, id)
      expect(doc.processingStatus).toBe('completed')
      expect(doc.chunkCount).toBe(1)
      expect(doc.tokenCount).toBeGreaterThan(0)
    }
  })

  it('takes over a claim whose lease lapsed, and not before', async () => {
    const clock = manualClock()
    const s = await service({ clock, processDocuments: true })
    const kbId = await createBase(s)
    // Stored without waking our worker, then claimed by another one.
    const repo = s.app.ctx.store.knowledge
    const docId = repo.createDocument({
      knowledgeBaseId: kbId,
      workspaceId: s.workspace.id,
      filename: 'slow.txt',
      mimeType: 'text/plain',
      kind: 'txt',
      uploadedBy: s.owner.id,
      bytes: new TextEncoder().encode('Claimed elsewhere.'),
    }).id
    expect(repo.claimNext(LEASE_MS)?.id).toBe(docId)

    s.app.documents.wake()
    await s.app.documents.idle()
    expect((await statusOf(s, s.app, kbId, docId)).processingStatus).toBe('processing')

    clock.advance(LEASE_MS + 1000)
    s.app.documents.wake()
    await s.app.documents.idle()
    expect((await statusOf(s, s.app, kbId, docId)).processingStatus).toBe('completed')
  })

  it('lets other work run while a large document is processed', async () => {
    const s = await service()
    const kbId = await createBase(s)
    const text = Array.from(
      { length: 6000 },
      (_, i) => `Sentence ${i} about the tides of the day and the pull of the moon.`,
    ).join(' ')
    const docId = await uploadTo(s, kbId, 'large.txt', text)
    let finished = false
    let turns = 0
    const done = s.app.documents.idle().then(() => (finished = true))
    while (!finished) {
      turns++
      await nextTurn()
    }
    await done
    expect((await statusOf(s, s.app, kbId, docId)).processingStatus).toBe('completed')
    // Processing gave the event loop back many times instead of holding it to the end.
    expect(turns).toBeGreaterThan(5)
  })
})
