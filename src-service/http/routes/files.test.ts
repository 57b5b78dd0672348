import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ErrorBodySchema } from '../../../src-shared/api/common.ts'
import {
  ArchiveFileResponseSchema,
  ListDocsResponseSchema,
  UploadFileResponseSchema,
} from '../../../src-shared/api/docs.ts'
import { contentDisposition } from '../../services/files.ts'
import { multipart, type FilePart } from '../../testing/multipart.ts'
import { createTestService, manualClock, type TestService } from '../../testing/test-app.ts'

const clock = manualClock()
let s: TestService
let ws: string
let key: string
let folderId: string

beforeAll(async () => {
  s = await createTestService({ clock, apiRatePerMinute: 100_000 })
  ws = s.workspace.id
  key = s.keys.personal
  folderId = s.app.ctx.store.identity.createFolder({ workspaceId: ws, name: 'Contracts' }).id
})
afterAll(() => s.close())

const json = (res: { body: string }) => JSON.parse(res.body) as Record<string, unknown>
function expectError(res: { statusCode: number; body: string }, status: number, match?: RegExp) {
  expect(res.statusCode).toBe(status)
  const body = ErrorBodySchema.parse(json(res))
  if (match) expect(body.error).toMatch(match)
}
const auditActions = (resourceId: string) =>
  s.app.ctx.store.db.raw
    .prepare('SELECT action FROM audit_logs WHERE resource_id = ? ORDER BY created_at, rowid')
    .all(resourceId)
    .map((r) => String(r.action))

async function upload(
  files: FilePart[],
  fields: Record<string, string> = { workspaceId: ws },
  as = key,
) {
  clock.advance(1000)
  const body = await multipart(fields, files)
  return s.call(as, { method: 'POST', url: '/api/v1/files', ...body })
}
async function uploadOne(
  name: string,
  content: string | Uint8Array,
  extra: Record<string, string> = {},
  type = '',
) {
  const res = await upload([{ name, content, type }], { workspaceId: ws, ...extra })
  expect(res.statusCode).toBe(200)
  return UploadFileResponseSchema.parse(json(res)).data.file
}
async function list(query: string, as = key) {
  const res = await s.call(as, { method: 'GET', url: `/api/v1/docs?workspaceId=${ws}${query}` })
  expect(res.statusCode).toBe(200)
  return ListDocsResponseSchema.parse(json(res)).data
}
const download = (id: string, workspaceId = ws, as = key) =>
  s.call(as, { method: 'GET', url: `/api/v1/files/${id}?workspaceId=${workspaceId}` })
const archive = (id: string, workspaceId = ws, as = key) =>
  s.call(as, { method: 'DELETE', url: `/api/v1/files/${id}`, payload: { workspaceId } })

describe('POST /api/v1/files', () => {
  it('stores the file and answers the listing item, audited', async () => {
    const bytes = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x00, 0xff, 0x10])
    const file = await uploadOne('brief.pdf', bytes, {}, 'application/pdf')
    expect(file).toMatchObject({
      name: 'brief.pdf',
      size: 7,
      type: 'application/pdf',
      uploadedBy: s.owner.id,
      folderId: null,
      archivedAt: null,
    })
    expect(file.key).toContain(file.id)
    expect(auditActions(file.id)).toEqual(['file.uploaded'])
  })

  it('files it in a folder of the workspace, and guesses a missing type from the name', async () => {
    const file = await uploadOne('terms.txt', 'Terms.', { folderId })
    expect(file).toMatchObject({ folderId, type: 'text/plain' })
    const foreignFolder = s.app.ctx.store.identity.createFolder({
      workspaceId: s.otherWorkspace.id,
      name: 'Theirs',
    }).id
    for (const id of [foreignFolder, 'missing']) {
      expectError(
        await upload([{ name: 'x.txt', content: 'x' }], { workspaceId: ws, folderId: id }),
        404,
        /Folder not found/,
      )
    }
  })

  it('answers 400 for malformed uploads and 413 above the limit', async () => {
    const file = { name: 'a.txt', content: 'a' }
    expectError(await upload([]), 400, /multipart/)
    expectError(await upload([{ ...file, content: '' }]), 400, /empty/)
    expectError(await upload([file], {}), 400, /workspaceId/)
    expectError(await upload([file], { workspaceId: ws, folderId: '' }), 400)
    expectError(await upload([file, file]), 400, /one file/)
    expectError(await upload([{ ...file, name: '../' }]), 400, /name/)
    const small = await createTestService({ bodyLimit: 1024 })
    try {
      const body = await multipart({ workspaceId: small.workspace.id }, [
        { name: 'big.bin', content: new Uint8Array(4096) },
      ])
      const res = await small.call(small.keys.personal, {
        method: 'POST',
        url: '/api/v1/files',
        ...body,
      })
      expectError(res, 413, /upload limit/)
    } finally {
      await small.close()
    }
  })
})

describe('GET /api/v1/files/:id', () => {
  it('answers the exact bytes as an attachment with the stored type', async () => {
    const bytes = new Uint8Array(Array.from({ length: 300 }, (_, i) => i % 256))
    const file = await uploadOne('Ünïcode report (2026).bin', bytes, {}, 'application/x-custom')
    const res = await download(file.id)
    expect(res.statusCode).toBe(200)
    expect(new Uint8Array(res.rawPayload)).toEqual(bytes)
    expect(res.headers['content-type']).toBe('application/x-custom')
    expect(res.headers['content-length']).toBe('300')
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="_n_code report (2026).bin"; filename*=UTF-8''%C3%9Cn%C3%AFcode%20report%20%282026%29.bin`,
    )
    // Quotes and backslashes cannot break out of the quoted fallback name.
    expect(contentDisposition('a "b" \\ c.txt')).toBe(
      `attachment; filename="a _b_ _ c.txt"; filename*=UTF-8''a%20%22b%22%20%5C%20c.txt`,
    )
    expect(res.headers['x-content-type-options']).toBe('nosniff')
  })

  it('never lets a browser render an uploaded page', async () => {
    const file = await uploadOne('page.html', '<script>alert(1)</script>', {}, 'text/html')
    const res = await download(file.id)
    expect(res.headers['content-disposition']).toMatch(/^attachment;/)
    expect(res.headers['content-security-policy']).toMatch(/sandbox/)
  })

  it('answers 404 for unknown ids and ids of another workspace, 400 without workspaceId', async () => {
    const file = await uploadOne('mine.txt', 'mine')
    expectError(await download('missing'), 404, /File not found/)
    expectError(await download(file.id, s.otherWorkspace.id), 404)
    expectError(await s.call(key, { method: 'GET', url: `/api/v1/files/${file.id}` }), 400)
  })
})

describe('GET /api/v1/docs and DELETE /api/v1/files/:id', () => {
  it('lists by scope and folder, archives idempotently, keeps archived files downloadable', async () => {
    const keep = await uploadOne('keep.txt', 'keep', { folderId })
    const gone = await uploadOne('gone.txt', 'gone')
    const res = await archive(gone.id)
    expect(res.statusCode).toBe(200)
    const archived = ArchiveFileResponseSchema.parse(json(res)).data.file
    expect(archived.archivedAt).toBe(clock.now().toISOString())
    clock.advance(1000)
    const again = ArchiveFileResponseSchema.parse(json(await archive(gone.id))).data.file
    expect(again.archivedAt).toBe(archived.archivedAt)
    expect(auditActions(gone.id)).toEqual(['file.uploaded', 'file.deleted'])

    const ids = (data: { files: { id: string }[] }) => data.files.map((f) => f.id)
    const active = await list('')
    expect(ids(active)).toContain(keep.id)
    expect(ids(active)).not.toContain(gone.id)
    expect(active.totalCount).toBe(active.files.length)
    expect(ids(await list('&scope=archived'))).toEqual([gone.id])
    const all = await list('&scope=all')
    expect(ids(all)).toEqual(expect.arrayContaining([keep.id, gone.id]))
    expect(all.totalCount).toBe(active.totalCount + 1)
    // Newest first.
    expect(all.files.map((f) => f.uploadedAt)).toEqual(
      [...all.files.map((f) => f.uploadedAt)].sort().reverse(),
    )
    const inFolder = await list(`&folderId=${folderId}&scope=all`)
    expect(inFolder.files.every((f) => f.folderId === folderId)).toBe(true)
    expect(ids(inFolder)).toContain(keep.id)
    expect((await list('&folderId=nowhere')).files).toEqual([])

    expect((await download(gone.id)).body).toBe('gone')
  })

  it('never lists another workspace files and validates the query', async () => {
    const body = await multipart({ workspaceId: s.otherWorkspace.id }, [
      { name: 'theirs.txt', content: 't' },
    ])
    const theirs = await s.call(key, { method: 'POST', url: '/api/v1/files', ...body })
    expect(theirs.statusCode).toBe(200)
    const theirId = (json(theirs).data as { file: { id: string } }).file.id
    expect((await list('&scope=all')).files.map((f) => f.id)).not.toContain(theirId)
    expectError(await archive(theirId), 404)
    expect(s.app.ctx.store.files.get(s.otherWorkspace.id, theirId)?.archivedAt).toBeNull()
    expectError(
      await s.call(key, { method: 'GET', url: `/api/v1/docs?workspaceId=${ws}&scope=deleted` }),
      400,
    )
    expectError(await s.call(key, { method: 'GET', url: '/api/v1/docs' }), 400)
    expectError(await archive('missing'), 404)
  })
})

describe('who may do what', () => {
  it('lets read-only keys list and download but not upload or archive', async () => {
    const file = await uploadOne('guarded.txt', 'guarded')
    const reader = s.keys.organizationRead
    expect((await list('', reader)).files.map((f) => f.id)).toContain(file.id)
    expect((await download(file.id, ws, reader)).statusCode).toBe(200)
    expectError(await upload([{ name: 'r.txt', content: 'r' }], { workspaceId: ws }, reader), 403)
    expectError(await archive(file.id, ws, reader), 403)
    expect(s.app.ctx.store.files.get(ws, file.id)?.archivedAt).toBeNull()
    for (const writer of [s.keys.workspace, s.keys.organizationWrite]) {
      expect(
        (await upload([{ name: 'w.txt', content: 'w' }], { workspaceId: ws }, writer)).statusCode,
      ).toBe(200)
    }
  })

  it('answers 401 without a valid key and 403 for keys of another workspace', async () => {
    const file = await uploadOne('x.txt', 'x')
    const otherKey = s.createKey({
      type: 'workspace',
      name: 'other',
      workspaceId: s.otherWorkspace.id,
    })
    for (const as of [null, 'sk-service-nope']) {
      expectError(await s.call(as, { method: 'GET', url: `/api/v1/docs?workspaceId=${ws}` }), 401)
      expectError(await download(file.id, ws, as as string), 401)
    }
    expectError(
      await s.call(otherKey, { method: 'GET', url: `/api/v1/docs?workspaceId=${ws}` }),
      403,
    )
    expectError(await download(file.id, ws, otherKey), 403)
    expectError(await archive(file.id, ws, otherKey), 403)
  })
})
