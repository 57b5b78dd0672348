import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ErrorBodySchema } from '../../../src-shared/api/common.ts'
import {
  CreateKnowledgeBaseResponseSchema,
  DeleteKnowledgeResponseSchema,
  GetDocumentResponseSchema,
  GetKnowledgeBaseResponseSchema,
  ListDocumentsResponseSchema,
  ListKnowledgeBasesResponseSchema,
  UpdateKnowledgeBaseResponseSchema,
  UploadDocumentResponseSchema,
} from '../../../src-shared/api/knowledge.ts'
import { countTokens } from '../../knowledge/tokenizer.ts'
import { multipart, type FilePart } from '../../testing/multipart.ts'
import { createTestService, manualClock, type TestService } from '../../testing/test-app.ts'

const clock = manualClock()
let s: TestService
let ws: string
let key: string

beforeAll(async () => {
  s = await createTestService({ clock, apiRatePerMinute: 100_000 })
  ws = s.workspace.id
  key = s.keys.personal
})
afterAll(() => s.close())

const json = (res: { body: string }) => JSON.parse(res.body) as Record<string, unknown>
const auditActions = (resourceId: string) =>
  s.app.ctx.store.db.raw
    .prepare('SELECT action FROM audit_logs WHERE resource_id = ? ORDER BY created_at, rowid')
    .all(resourceId)
    .map((r) => String(r.action))

function expectError(res: { statusCode: number; body: string }, status: number, match?: RegExp) {
  expect(res.statusCode).toBe(status)
  const body = ErrorBodySchema.parse(json(res))
  if (match) expect(body.error).toMatch(match)
  return body
}

async function createBase(body: Record<string, unknown> = {}, as = key) {
  return s.call(as, {
    method: 'POST',
    url: '/api/v1/knowledge',
    payload: { workspaceId: ws, name: 'Handbook', ...body },
  })
}
async function newBaseId(body: Record<string, unknown> = {}) {
  const res = await createBase(body)
  expect(res.statusCode).toBe(200)
  return CreateKnowledgeBaseResponseSchema.parse(json(res)).data.knowledgeBase.id
}

async function upload(
  kbId: string,
  files: FilePart[],
  options: { as?: string; fields?: Record<string, string> } = {},
) {
  clock.advance(1000)
  const body = await multipart(options.fields ?? { workspaceId: ws }, files)
  return s.call(options.as ?? key, {
    method: 'POST',
    url: `/api/v1/knowledge/${kbId}/documents`,
    ...body,
  })
}
async function uploadOne(kbId: string, name: string, content: string | Uint8Array, type = '') {
  const res = await upload(kbId, [{ name, content, type }])
  expect(res.statusCode).toBe(200)
  return UploadDocumentResponseSchema.parse(json(res)).data.document
}
async function getDocument(kbId: string, docId: string, workspaceId = ws) {
  return s.call(key, {
    method: 'GET',
    url: `/api/v1/knowledge/${kbId}/documents/${docId}?workspaceId=${workspaceId}`,
  })
}
async function processed(kbId: string, docId: string) {
  await s.app.documents.idle()
  const res = await getDocument(kbId, docId)
  expect(res.statusCode).toBe(200)
  return GetDocumentResponseSchema.parse(json(res)).data.document
}
async function getBase(kbId: string) {
  const res = await s.call(key, {
    method: 'GET',
    url: `/api/v1/knowledge/${kbId}?workspaceId=${ws}`,
  })
  expect(res.statusCode).toBe(200)
  return GetKnowledgeBaseResponseSchema.parse(json(res)).data.knowledgeBase
}

describe('POST /api/v1/knowledge', () => {
  it('creates a base with the default chunking and embedding model, and audits it', async () => {
    const res = await createBase({ description: 'Company handbook' })
    expect(res.statusCode).toBe(200)
    const { data } = CreateKnowledgeBaseResponseSchema.parse(json(res))
    expect(data.message).toMatch(/created/)
    expect(data.knowledgeBase).toMatchObject({
      name: 'Handbook',
      description: 'Company handbook',
      docCount: 0,
      tokenCount: 0,
      embeddingModel: 'text-embedding-3-small',
    })
    // The spec: chunking is settable but not part of the response shape.
    expect(json(res).data).not.toHaveProperty('knowledgeBase.chunkingConfig')
    const stored = s.app.ctx.store.knowledge.getBase(ws, data.knowledgeBase.id)
    expect(stored?.chunking).toEqual({ maxSize: 1024, minSize: 100, overlap: 200 })
    expect(auditActions(data.knowledgeBase.id)).toEqual(['knowledge_base.created'])
  })

  it('takes a chunking config, filling what is left out', async () => {
    const id = await newBaseId({ chunkingConfig: { maxSize: 300, overlap: 50 } })
    expect(s.app.ctx.store.knowledge.getBase(ws, id)?.chunking).toEqual({
      maxSize: 300,
      minSize: 100,
      overlap: 50,
    })
  })

  it('refuses names and chunking values outside the documented ranges', async () => {
    const bad: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: 5 }, 'name'],
      [{ chunkingConfig: { maxSize: 99 } }, 'chunkingConfig.maxSize'],
      [{ chunkingConfig: { maxSize: 4001 } }, 'chunkingConfig.maxSize'],
      [{ chunkingConfig: { minSize: 0 } }, 'chunkingConfig.minSize'],
      [{ chunkingConfig: { minSize: 2001 } }, 'chunkingConfig.minSize'],
      [{ chunkingConfig: { overlap: -1 } }, 'chunkingConfig.overlap'],
      [{ chunkingConfig: { overlap: 501 } }, 'chunkingConfig.overlap'],
      [{ chunkingConfig: { maxSize: 200, overlap: 200 } }, 'chunkingConfig.overlap'],
      [{ chunkingConfig: { maxSize: 1.5 } }, 'chunkingConfig.maxSize'],
      [{ chunkingConfig: { chunkSize: 300 } }, 'chunkingConfig'],
      [{ extra: true }, ''],
    ]
    for (const [body, path] of bad) {
      const error = expectError(await createBase(body), 400)
      expect(error.details?.length).toBeGreaterThan(0)
      const issue = error.details![0] as { path: string[] }
      expect(issue.path.join('.')).toBe(path)
    }
  })

  it('needs the workspaceId, as every write does', async () => {
    const res = await s.call(key, {
      method: 'POST',
      url: '/api/v1/knowledge',
      payload: { name: 'x' },
    })
    expectError(res, 400, /workspaceId/)
  })
})

describe('GET /api/v1/knowledge and /api/v1/knowledge/:id', () => {
  it('lists the bases of the workspace only, with their counts', async () => {
    const mine = await newBaseId({ name: 'Listed' })
    await s.call(key, {
      method: 'POST',
      url: '/api/v1/knowledge',
      payload: { workspaceId: s.otherWorkspace.id, name: 'Elsewhere' },
    })
    const res = await s.call(key, { method: 'GET', url: `/api/v1/knowledge?workspaceId=${ws}` })
    expect(res.statusCode).toBe(200)
    const { data } = ListKnowledgeBasesResponseSchema.parse(json(res))
    expect(data.totalCount).toBe(data.knowledgeBases.length)
    expect(data.knowledgeBases.map((kb) => kb.id)).toContain(mine)
    expect(data.knowledgeBases.map((kb) => kb.name)).not.toContain('Elsewhere')
  })

  it('gets one base; unknown ids and ids of another workspace are 404', async () => {
    const id = await newBaseId({ name: 'One' })
    expect((await getBase(id)).name).toBe('One')
    const foreign = await s.call(key, {
      method: 'POST',
      url: '/api/v1/knowledge',
      payload: { workspaceId: s.otherWorkspace.id, name: 'Foreign' },
    })
    const foreignId = json(foreign).data as { knowledgeBase: { id: string } }
    for (const other of ['nope', foreignId.knowledgeBase.id]) {
      const res = await s.call(key, {
        method: 'GET',
        url: `/api/v1/knowledge/${other}?workspaceId=${ws}`,
      })
      expectError(res, 404, /Knowledge base not found/)
    }
    expectError(await s.call(key, { method: 'GET', url: `/api/v1/knowledge/${id}` }), 400)
  })
})

describe('PUT /api/v1/knowledge/:id', () => {
  const put = (id: string, body: Record<string, unknown>) =>
    s.call(key, {
      method: 'PUT',
      url: `/api/v1/knowledge/${id}`,
      payload: { workspaceId: ws, ...body },
    })

  it('changes only the given fields and audits the change', async () => {
    const id = await newBaseId({
      name: 'Before',
      description: 'Kept',
      chunkingConfig: { maxSize: 400 },
    })
    clock.advance(5000)
    const res = await put(id, { name: 'After' })
    expect(res.statusCode).toBe(200)
    const { data } = UpdateKnowledgeBaseResponseSchema.parse(json(res))
    expect(data.knowledgeBase).toMatchObject({ name: 'After', description: 'Kept' })
    expect(data.knowledgeBase.updatedAt > data.knowledgeBase.createdAt).toBe(true)
    expect(s.app.ctx.store.knowledge.getBase(ws, id)?.chunking.maxSize).toBe(400)
    expect(auditActions(id)).toEqual(['knowledge_base.created', 'knowledge_base.updated'])
  })

  it('merges a partial chunking change with the stored values, and checks the result', async () => {
    const id = await newBaseId({ chunkingConfig: { maxSize: 300, overlap: 100 } })
    expect((await put(id, { chunkingConfig: { overlap: 250 } })).statusCode).toBe(200)
    expect(s.app.ctx.store.knowledge.getBase(ws, id)?.chunking).toEqual({
      maxSize: 300,
      minSize: 100,
      overlap: 250,
    })
    expectError(await put(id, { chunkingConfig: { overlap: 300 } }), 400, /smaller than maxSize/)
    expectError(await put(id, { chunkingConfig: { maxSize: 200 } }), 400, /overlap \(250\)/)
    expect(s.app.ctx.store.knowledge.getBase(ws, id)?.chunking.overlap).toBe(250)
  })

  it('needs at least one field, valid values, and a base of this workspace', async () => {
    const id = await newBaseId()
    expectError(await put(id, {}), 400, /at least one/)
    expectError(await put(id, { name: '' }), 400)
    expectError(await put(id, { chunkingConfig: { maxSize: 5000 } }), 400)
    expectError(await put('missing', { name: 'x' }), 404)
  })
})

describe('documents: upload and processing', () => {
  let kbId: string
  beforeAll(async () => {
    kbId = await newBaseId({
      name: 'Docs',
      chunkingConfig: { maxSize: 100, minSize: 1, overlap: 20 },
    })
  })

  // What each kind of file holds, and the text processing must find in it.
  const samples: { name: string; type: string; content: string; text: string }[] = [
    {
      name: 'tides.txt',
      type: 'text/plain',
      content: 'Tides rise twice a day.\r\nThe moon pulls the sea.\r\n',
      text: 'Tides rise twice a day.\nThe moon pulls the sea.',
    },
    {
      name: 'guide.md',
      type: '',
      content: '# Guide\n\n- Check the tide table\n- Leave before the ebb\n',
      text: '# Guide\n\n- Check the tide table\n- Leave before the ebb',
    },
    {
      name: 'ports.csv',
      type: 'text/csv',
      content: 'port,high tide\nBrest,06:12\nCherbourg,05:40\n',
      text: 'port: Brest; high tide: 06:12\nport: Cherbourg; high tide: 05:40',
    },
    {
      name: 'tide.json',
      type: 'application/json',
      content: '{"port":"Brest","times":["06:12","18:31"]}',
      text: '{\n  "port": "Brest",\n  "times": [\n    "06:12",\n    "18:31"\n  ]\n}',
    },
    {
      name: 'page.html',
      type: 'text/html',
      content:
        '<html><head><style>h1{}</style><script>track("<p>")</script></head>' +
        '<body><h1>Tides</h1><p>High water at <b>06:12</b>.</p><!-- draft --></body></html>',
      text: 'Tides\n\nHigh water at 06:12.',
    },
  ]

  for (const sample of samples) {
    it(`processes ${sample.name} to completed with its real counts`, async () => {
      const uploaded = await uploadOne(kbId, sample.name, sample.content, sample.type)
      expect(uploaded).toMatchObject({
        knowledgeBaseId: kbId,
        filename: sample.name,
        fileSize: Buffer.byteLength(sample.content),
        processingStatus: 'pending',
        chunkCount: 0,
        tokenCount: 0,
        enabled: true,
      })
      expect(uploaded).not.toHaveProperty('characterCount')
      const doc = await processed(kbId, uploaded.id)
      expect(doc).toMatchObject({
        processingStatus: 'completed',
        processingError: null,
        chunkCount: 1,
        tokenCount: countTokens(sample.text),
        characterCount: sample.text.length,
      })
      const chunks = s.app.ctx.store.knowledge.chunks(uploaded.id)
      expect(chunks.map((c) => c.content)).toEqual([sample.text])
      expect(chunks[0]!.tokenCount).toBe(countTokens(sample.text))
      expect(auditActions(uploaded.id)).toEqual(['document.uploaded'])
    })
  }

  it('cuts a long document into chunks by the base config and rolls counts up', async () => {
    const before = await getBase(kbId)
    const text = Array.from(
      { length: 120 },
      (_, i) => `Paragraph ${i} explains how tide number ${i} behaves near the harbour.`,
    ).join('\n\n')
    const uploaded = await uploadOne(kbId, 'long.txt', text)
    const doc = await processed(kbId, uploaded.id)
    const chunks = s.app.ctx.store.knowledge.chunks(uploaded.id)
    expect(doc.processingStatus).toBe('completed')
    expect(doc.chunkCount).toBe(chunks.length)
    expect(chunks.length).toBeGreaterThan(10)
    expect(doc.characterCount).toBe(text.length)
    expect(doc.tokenCount).toBe(chunks.reduce((sum, c) => sum + c.tokenCount, 0))
    for (const c of chunks) {
      expect(c.tokenCount).toBe(countTokens(c.content))
      expect(c.tokenCount).toBeLessThanOrEqual(100)
      expect(text.slice(c.startOffset, c.endOffset)).toBe(c.content)
    }
    // Neighbours share up to `overlap` tokens of text.
    expect(chunks[1]!.startOffset).toBeLessThan(chunks[0]!.endOffset)
    const after = await getBase(kbId)
    expect(after.docCount).toBe(before.docCount + 1)
    expect(after.tokenCount).toBe(before.tokenCount + doc.tokenCount)
  })

  it('marks unreadable files failed with the reason, counting nothing', async () => {
    const before = await getBase(kbId)
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0xd8, 0x00])
    const cases = [
      { name: 'photo.txt', content: png, error: /not valid UTF-8/ },
      { name: 'broken.json', content: '{"port": "Brest",', error: /not valid JSON/ },
      { name: 'blank.md', content: '\n\n   \n', error: /no text/ },
    ]
    for (const c of cases) {
      const uploaded = await uploadOne(kbId, c.name, c.content)
      const doc = await processed(kbId, uploaded.id)
      expect(doc).toMatchObject({ processingStatus: 'failed', chunkCount: 0, tokenCount: 0 })
      expect(doc.processingError).toMatch(c.error)
      expect(s.app.ctx.store.knowledge.chunks(uploaded.id)).toEqual([])
    }
    const after = await getBase(kbId)
    expect(after.docCount).toBe(before.docCount + cases.length)
    expect(after.tokenCount).toBe(before.tokenCount)
  })

  it('refuses types it cannot read, with a clear 400, and stores nothing', async () => {
    const before = await getBase(kbId)
    const res = await upload(kbId, [
      { name: 'scan.pdf', content: '%PDF-1.7', type: 'application/pdf' },
    ])
    const error = expectError(res, 400, /Unsupported file type for "scan.pdf"/)
    expect(error.error).toMatch(/\.txt.*\.md.*\.csv.*\.json.*\.html/)
    expect(error.code).toBe('UNSUPPORTED_FILE_TYPE')
    expect((await getBase(kbId)).docCount).toBe(before.docCount)
  })

  it('answers 400 for every malformed upload', async () => {
    const file = { name: 'a.txt', content: 'hello' }
    expectError(await upload(kbId, []), 400, /multipart\/form-data.*"file"/)
    expectError(await upload(kbId, [{ ...file, content: '' }]), 400, /empty/)
    expectError(await upload(kbId, [file], { fields: {} }), 400, /workspaceId/)
    expectError(await upload(kbId, [file], { fields: { workspaceId: ws, other: 'x' } }), 400)
    expectError(await upload(kbId, [file, file]), 400, /one file/)
    expectError(await upload(kbId, [{ ...file, field: 'document' }]), 400, /"document"/)
    const json = await s.call(key, {
      method: 'POST',
      url: `/api/v1/knowledge/${kbId}/documents`,
      payload: { workspaceId: ws },
    })
    expectError(json, 400, /multipart/)
    const broken = await s.call(key, {
      method: 'POST',
      url: `/api/v1/knowledge/${kbId}/documents`,
      payload: '--b\r\nContent-Disposition: form-data; name="workspaceId"\r\n\r\nx',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
    })
    expectError(broken, 400, /multipart body could not be read/)
  })

  it('answers 404 for a base that is unknown or in another workspace', async () => {
    const foreign = await s.call(key, {
      method: 'POST',
      url: '/api/v1/knowledge',
      payload: { workspaceId: s.otherWorkspace.id, name: 'Foreign' },
    })
    const foreignId = (json(foreign).data as { knowledgeBase: { id: string } }).knowledgeBase.id
    for (const id of ['missing', foreignId]) {
      expectError(await upload(id, [{ name: 'a.txt', content: 'x' }]), 404)
    }
  })
})

describe('uploads over the size limit', () => {
  it('answer 413', async () => {
    const small = await createTestService({ bodyLimit: 2048 })
    try {
      const created = await small.call(small.keys.personal, {
        method: 'POST',
        url: '/api/v1/knowledge',
        payload: { workspaceId: small.workspace.id, name: 'Small' },
      })
      const id = (json(created).data as { knowledgeBase: { id: string } }).knowledgeBase.id
      const body = await multipart({ workspaceId: small.workspace.id }, [
        { name: 'big.txt', content: 'x'.repeat(4096) },
      ])
      const res = await small.call(small.keys.personal, {
        method: 'POST',
        url: `/api/v1/knowledge/${id}/documents`,
        ...body,
      })
      expectError(res, 413, /larger than the 0 MB|upload limit/)
      expect(
        small.app.ctx.store.db.raw.prepare('SELECT COUNT(*) AS n FROM knowledge_documents').get()
          ?.n,
      ).toBe(0)
    } finally {
      await small.close()
    }
  })
})

describe('GET /api/v1/knowledge/:id/documents', () => {
  let kbId: string
  const names = ['beta.txt', 'Alpha.md', 'gamma_50%.txt', 'delta.csv']
  const ids: Record<string, string> = {}
  beforeAll(async () => {
    kbId = await newBaseId({ name: 'Listing', chunkingConfig: { maxSize: 100, overlap: 0 } })
    const contents: Record<string, string> = {
      'beta.txt': 'b '.repeat(300),
      'Alpha.md': '# a',
      'gamma_50%.txt': 'gamma text. '.repeat(30),
      'delta.csv': 'a,b\n1,2\n',
    }
    for (const name of names) ids[name] = (await uploadOne(kbId, name, contents[name]!)).id
    await s.app.documents.idle()
    s.app.ctx.store.knowledge.setEnabled(ids['delta.csv']!, false)
  })

  async function list(query: string) {
    const res = await s.call(key, {
      method: 'GET',
      url: `/api/v1/knowledge/${kbId}/documents?workspaceId=${ws}${query}`,
    })
    expect(res.statusCode).toBe(200)
    return ListDocumentsResponseSchema.parse(json(res)).data
  }
  const filenames = (data: { documents: { filename: string }[] }) =>
    data.documents.map((d) => d.filename)

  it('lists newest first by default with the pagination object', async () => {
    const data = await list('')
    expect(filenames(data)).toEqual([...names].reverse())
    expect(data.pagination).toEqual({ total: 4, limit: 50, offset: 0, hasMore: false })
    expect(data.documents.every((d) => d.processingStatus === 'completed')).toBe(true)
    expect(data.documents[0]).not.toHaveProperty('characterCount')
  })

  it('pages with limit and offset', async () => {
    const first = await list('&limit=3&offset=0&sortBy=filename&sortOrder=asc')
    expect(first.pagination).toEqual({ total: 4, limit: 3, offset: 0, hasMore: true })
    const second = await list('&limit=3&offset=3&sortBy=filename&sortOrder=asc')
    expect(second.pagination).toEqual({ total: 4, limit: 3, offset: 3, hasMore: false })
    expect([...filenames(first), ...filenames(second)]).toEqual([
      'Alpha.md',
      'beta.txt',
      'delta.csv',
      'gamma_50%.txt',
    ])
    expect((await list('&offset=10')).documents).toEqual([])
  })

  it('searches file names, case-insensitively, wildcards taken literally', async () => {
    expect(filenames(await list('&search=ALPHA'))).toEqual(['Alpha.md'])
    expect(filenames(await list(`&search=${encodeURIComponent('50%')}`))).toEqual(['gamma_50%.txt'])
    expect(filenames(await list('&search=_'))).toEqual(['gamma_50%.txt'])
    expect((await list('&search=zzz')).pagination.total).toBe(0)
  })

  it('filters by enabled', async () => {
    expect(filenames(await list('&enabledFilter=disabled'))).toEqual(['delta.csv'])
    expect(await list('&enabledFilter=enabled')).toMatchObject({ pagination: { total: 3 } })
    expect((await list('&enabledFilter=all')).pagination.total).toBe(4)
  })

  it('sorts by every documented field, both ways', async () => {
    type Doc = Awaited<ReturnType<typeof list>>['documents'][number]
    const by: Record<string, (d: Doc) => string | number> = {
      filename: (d) => d.filename.toLowerCase(),
      fileSize: (d) => d.fileSize,
      tokenCount: (d) => d.tokenCount,
      chunkCount: (d) => d.chunkCount,
      uploadedAt: (d) => d.createdAt,
      processingStatus: (d) => d.processingStatus,
      enabled: (d) => (d.enabled ? 1 : 0),
    }
    for (const [field, value] of Object.entries(by)) {
      for (const order of ['asc', 'desc'] as const) {
        const sorted = (await list(`&sortBy=${field}&sortOrder=${order}`)).documents.map(value)
        const expected = [...sorted].sort(
          (a, b) => (order === 'asc' ? 1 : -1) * (a < b ? -1 : a > b ? 1 : 0),
        )
        expect(sorted, `${field} ${order}`).toEqual(expected)
      }
    }
    expect(filenames(await list('&sortBy=fileSize&sortOrder=desc'))[0]).toBe('beta.txt')
  })

  it('refuses query values outside the documented ranges', async () => {
    for (const q of [
      'limit=0',
      'limit=101',
      'limit=abc',
      'offset=-1',
      'sortBy=size',
      'sortOrder=up',
      'enabledFilter=yes',
    ]) {
      const res = await s.call(key, {
        method: 'GET',
        url: `/api/v1/knowledge/${kbId}/documents?workspaceId=${ws}&${q}`,
      })
      expectError(res, 400)
    }
    const missing = await s.call(key, {
      method: 'GET',
      url: `/api/v1/knowledge/missing/documents?workspaceId=${ws}`,
    })
    expectError(missing, 404)
  })

  it('gets one document with characterCount; ids of another base are 404', async () => {
    const res = await getDocument(kbId, ids['Alpha.md']!)
    const doc = GetDocumentResponseSchema.parse(json(res)).data.document
    expect(doc).toMatchObject({
      filename: 'Alpha.md',
      characterCount: 3,
      mimeType: 'text/markdown',
    })
    const otherBase = await newBaseId({ name: 'Other base' })
    expectError(await getDocument(otherBase, ids['Alpha.md']!), 404, /Document not found/)
    expectError(await getDocument(kbId, 'missing'), 404)
    expectError(await getDocument(kbId, ids['Alpha.md']!, s.otherWorkspace.id), 404)
  })
})

describe('DELETE documents and bases', () => {
  it('deletes a document with its chunks, updates the base counts and audits it', async () => {
    const kbId = await newBaseId({ name: 'Deleting' })
    const keep = await uploadOne(kbId, 'keep.txt', 'Keep this one.')
    const drop = await uploadOne(kbId, 'drop.txt', 'Drop this one, it is longer.')
    await s.app.documents.idle()
    const before = await getBase(kbId)
    const del = (docId: string, workspaceId = ws) =>
      s.call(key, {
        method: 'DELETE',
        url: `/api/v1/knowledge/${kbId}/documents/${docId}`,
        payload: { workspaceId },
      })
    expectError(await del(drop.id, s.otherWorkspace.id), 404)
    const res = await del(drop.id)
    expect(res.statusCode).toBe(200)
    expect(DeleteKnowledgeResponseSchema.parse(json(res)).data.message).toMatch(/deleted/)
    expect(s.app.ctx.store.knowledge.chunks(drop.id)).toEqual([])
    const after = await getBase(kbId)
    expect(after.docCount).toBe(1)
    expect(after.tokenCount).toBe(countTokens('Keep this one.'))
    expect(before.tokenCount).toBeGreaterThan(after.tokenCount)
    expect(auditActions(drop.id)).toEqual(['document.uploaded', 'document.deleted'])
    expectError(await del(drop.id), 404)
    expectError(await getDocument(kbId, drop.id), 404)
    expect((await processed(kbId, keep.id)).processingStatus).toBe('completed')
  })

  it('deletes a base with everything in it', async () => {
    const kbId = await newBaseId({ name: 'Doomed' })
    const doc = await uploadOne(kbId, 'a.txt', 'Some text.')
    await s.app.documents.idle()
    const del = () =>
      s.call(key, {
        method: 'DELETE',
        url: `/api/v1/knowledge/${kbId}`,
        payload: { workspaceId: ws },
      })
    const res = await del()
    expect(res.statusCode).toBe(200)
    DeleteKnowledgeResponseSchema.parse(json(res))
    expect(s.app.ctx.store.knowledge.getDocumentById(doc.id)).toBeNull()
    expect(s.app.ctx.store.knowledge.chunks(doc.id)).toEqual([])
    expect(s.app.ctx.store.knowledge.content(doc.id)).toBeNull()
    expect(auditActions(kbId)).toEqual(['knowledge_base.created', 'knowledge_base.deleted'])
    expectError(await del(), 404)
    expectError(await s.call(key, { method: 'DELETE', url: `/api/v1/knowledge/${kbId}` }), 400)
  })

  it('deleting a document while it waits leaves nothing behind', async () => {
    const paused = await createTestService({ processDocuments: false })
    try {
      const created = await paused.call(paused.keys.personal, {
        method: 'POST',
        url: '/api/v1/knowledge',
        payload: { workspaceId: paused.workspace.id, name: 'P' },
      })
      const kb = (json(created).data as { knowledgeBase: { id: string } }).knowledgeBase.id
      const body = await multipart({ workspaceId: paused.workspace.id }, [
        { name: 'a.txt', content: 'text' },
      ])
      const up = await paused.call(paused.keys.personal, {
        method: 'POST',
        url: `/api/v1/knowledge/${kb}/documents`,
        ...body,
      })
      const docId = (json(up).data as { document: { id: string } }).document.id
      // Claimed by a worker, then deleted: the worker's result is discarded.
      const claimed = paused.app.ctx.store.knowledge.claimNext(60_000)!
      expect(claimed.id).toBe(docId)
      const del = await paused.call(paused.keys.personal, {
        method: 'DELETE',
        url: `/api/v1/knowledge/${kb}/documents/${docId}`,
        payload: { workspaceId: paused.workspace.id },
      })
      expect(del.statusCode).toBe(200)
      expect(
        paused.app.ctx.store.knowledge.complete(claimed, { chunks: [], characterCount: 4 }),
      ).toBe(false)
      expect(paused.app.ctx.store.knowledge.getDocumentById(docId)).toBeNull()
    } finally {
      await paused.close()
    }
  })
})

describe('who may do what', () => {
  let kbId: string
  let docId: string
  beforeAll(async () => {
    kbId = await newBaseId({ name: 'Guarded' })
    docId = (await uploadOne(kbId, 'g.txt', 'Guarded text.')).id
    await s.app.documents.idle()
  })

  const reads = () => [
    { method: 'GET' as const, url: `/api/v1/knowledge?workspaceId=${ws}` },
    { method: 'GET' as const, url: `/api/v1/knowledge/${kbId}?workspaceId=${ws}` },
    { method: 'GET' as const, url: `/api/v1/knowledge/${kbId}/documents?workspaceId=${ws}` },
    {
      method: 'GET' as const,
      url: `/api/v1/knowledge/${kbId}/documents/${docId}?workspaceId=${ws}`,
    },
  ]
  const writes = () => [
    { method: 'POST' as const, url: '/api/v1/knowledge', payload: { workspaceId: ws, name: 'N' } },
    {
      method: 'PUT' as const,
      url: `/api/v1/knowledge/${kbId}`,
      payload: { workspaceId: ws, name: 'N' },
    },
    { method: 'DELETE' as const, url: `/api/v1/knowledge/${kbId}`, payload: { workspaceId: ws } },
    {
      method: 'DELETE' as const,
      url: `/api/v1/knowledge/${kbId}/documents/${docId}`,
      payload: { workspaceId: ws },
    },
  ]

  it('lets read-only keys read but not write or upload', async () => {
    for (const req of reads()) {
      expect((await s.call(s.keys.organizationRead, req)).statusCode).toBe(200)
    }
    for (const req of writes()) expectError(await s.call(s.keys.organizationRead, req), 403)
    expectError(
      await upload(kbId, [{ name: 'x.txt', content: 'x' }], { as: s.keys.organizationRead }),
      403,
    )
    expect((await getBase(kbId)).docCount).toBe(1)
  })

  it('lets write keys of the workspace write', async () => {
    for (const as of [s.keys.workspace, s.keys.organizationWrite]) {
      const res = await upload(kbId, [{ name: 'w.txt', content: 'written' }], { as })
      expect(res.statusCode).toBe(200)
    }
  })

  it('answers 401 without a key and 403 outside the key scope', async () => {
    for (const req of [...reads(), ...writes()]) {
      expectError(await s.call(null, req), 401)
      expectError(await s.call('sk-service-unknown', req), 401)
    }
    const narrowed = s.createKey({
      type: 'workspace',
      name: 'narrowed',
      workspaceId: ws,
      workflowIds: [
        s.app.ctx.store.workflows.create({
          workspaceId: ws,
          name: 'only',
          definition: { blocks: {}, edges: [], variables: {} },
        }).id,
      ],
    })
    const otherWs = s.createKey({
      type: 'workspace',
      name: 'other',
      workspaceId: s.otherWorkspace.id,
    })
    for (const req of [...reads(), ...writes()]) {
      expectError(await s.call(narrowed, req), 403)
      expectError(await s.call(otherWs, req), 403)
    }
  })
})
