// Property test: random bodies, queries and ids thrown at every endpoint of this part of the
// service never produce a 5xx, and every non-2xx reply carries the spec's error body.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestService, type TestService } from '../testing/test-app.ts'
import { multipart } from '../testing/multipart.ts'

let s: TestService
let workflowId: string
let kbId: string
let docId: string
let fileId: string

beforeAll(async () => {
  s = await createTestService({ apiRatePerMinute: 1_000_000 })
  workflowId = s.app.ctx.store.workflows.create({
    workspaceId: s.workspace.id,
    name: 'target',
    definition: { blocks: {}, edges: [], variables: {} },
  }).id
  const { knowledge, files } = s.app.ctx.store
  kbId = knowledge.createBase({
    workspaceId: s.workspace.id,
    name: 'target',
    description: '',
    embeddingModel: 'text-embedding-3-small',
    chunking: { maxSize: 100, minSize: 1, overlap: 0 },
    createdBy: s.owner.id,
  }).id
  const bytes = new TextEncoder().encode('Fuzzing target.')
  const doc = { workspaceId: s.workspace.id, mimeType: 'text/plain', uploadedBy: s.owner.id, bytes }
  docId = knowledge.createDocument({
    ...doc,
    knowledgeBaseId: kbId,
    filename: 't.txt',
    kind: 'txt',
  }).id
  fileId = files.create({ ...doc, name: 't.txt', folderId: null }).id
})
afterAll(() => s.close())

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'
const ENDPOINTS: { method: Method; path: (id: string) => string }[] = [
  { method: 'POST', path: () => '/api/v1/workspaces' },
  { method: 'GET', path: () => '/api/v1/workflows' },
  { method: 'GET', path: (id) => `/api/v1/workflows/${id}` },
  { method: 'GET', path: (id) => `/api/workflows/${id}/status` },
  { method: 'POST', path: () => '/api/v1/workflows/import' },
  { method: 'POST', path: (id) => `/api/v1/workflows/${id}/deploy` },
  { method: 'DELETE', path: (id) => `/api/v1/workflows/${id}/deploy` },
  { method: 'GET', path: () => '/api/v1/audit-logs' },
  { method: 'GET', path: (id) => `/api/v1/audit-logs/${id}` },
  { method: 'GET', path: () => '/api/v1/knowledge' },
  { method: 'POST', path: () => '/api/v1/knowledge' },
  { method: 'GET', path: (id) => `/api/v1/knowledge/${id}` },
  { method: 'PUT', path: (id) => `/api/v1/knowledge/${id}` },
  { method: 'DELETE', path: (id) => `/api/v1/knowledge/${id}` },
  { method: 'GET', path: (id) => `/api/v1/knowledge/${id}/documents` },
  { method: 'POST', path: (id) => `/api/v1/knowledge/${id}/documents` },
  { method: 'GET', path: (id) => `/api/v1/knowledge/${kbId}/documents/${id}` },
  { method: 'DELETE', path: (id) => `/api/v1/knowledge/${kbId}/documents/${id}` },
  { method: 'GET', path: () => '/api/v1/docs' },
  { method: 'POST', path: () => '/api/v1/files' },
  { method: 'GET', path: (id) => `/api/v1/files/${id}` },
  { method: 'DELETE', path: (id) => `/api/v1/files/${id}` },
]

// Values that reach interesting branches more often than pure noise would.
const interesting = () =>
  fc.oneof(
    fc.constant(s.workspace.id),
    fc.constant(s.otherWorkspace.id),
    fc.constant(workflowId),
    fc.constantFrom(kbId, docId, fileId),
    fc.constantFrom(
      '',
      'true',
      'false',
      '0',
      '-1',
      '101',
      '50',
      'null',
      '#ABCDEF',
      'x'.repeat(300),
    ),
    fc.string(),
  )
const queryArb = () =>
  fc.dictionary(
    fc.constantFrom(
      'workspaceId',
      'limit',
      'cursor',
      'folderId',
      'deployedOnly',
      'action',
      'startDate',
      'endDate',
      'search',
      'enabledFilter',
      'sortBy',
      'sortOrder',
      'offset',
      'scope',
      'x',
    ),
    interesting(),
  )
const bodyArb = () =>
  fc.oneof(
    fc.jsonValue(),
    fc.record(
      {
        workspaceId: interesting(),
        name: fc.oneof(fc.string(), fc.integer()),
        color: interesting(),
        skipDefaultWorkflow: fc.oneof(fc.boolean(), fc.string()),
        folderId: interesting(),
        description: fc.oneof(fc.string(), fc.integer()),
        chunkingConfig: fc.oneof(
          fc.jsonValue(),
          fc.record(
            {
              maxSize: fc.integer({ min: -10, max: 5000 }),
              minSize: fc.integer({ min: -10, max: 3000 }),
              overlap: fc.integer({ min: -10, max: 600 }),
            },
            { requiredKeys: [] },
          ),
        ),
        workflow: fc.oneof(
          fc.jsonValue(),
          fc.record(
            {
              blocks: fc.dictionary(fc.string(), fc.record({ type: fc.string() })),
              edges: fc.jsonValue(),
            },
            { requiredKeys: [] },
          ),
        ),
      },
      { requiredKeys: [] },
    ),
  )

describe('random requests', () => {
  for (const endpoint of ENDPOINTS) {
    it(`${endpoint.method} ${endpoint.path(':id')} never answers 5xx and always explains errors`, async () => {
      await fc.assert(
        fc.asyncProperty(
          queryArb(),
          bodyArb(),
          interesting(),
          fc.constantFrom<keyof TestService['keys'] | 'none' | 'bogus'>(
            'personal',
            'workspace',
            'organizationWrite',
            'organizationRead',
            'none',
            'bogus',
          ),
          async (query, body, id, keyName) => {
            const key =
              keyName === 'none' ? null : keyName === 'bogus' ? 'sk-service-bogus' : s.keys[keyName]
            const res = await s.call(key, {
              method: endpoint.method,
              url: endpoint.path(encodeURIComponent(id) || 'x'),
              query,
              ...(endpoint.method === 'GET'
                ? {}
                : {
                    payload: JSON.stringify(body),
                    headers: { 'content-type': 'application/json' },
                  }),
            })
            expect(res.statusCode).toBeLessThan(500)
            if (res.statusCode >= 400) {
              const reply = res.json()
              expect(typeof reply.error).toBe('string')
              expect(reply.error.length).toBeGreaterThan(0)
            }
          },
        ),
        { numRuns: 150 },
      )
    })
  }
})

describe('random multipart uploads', () => {
  const targets: [string, () => string][] = [
    ['knowledge documents', () => `/api/v1/knowledge/${kbId}/documents`],
    ['files', () => '/api/v1/files'],
  ]
  for (const [what, path] of targets) {
    it(`${what}: any fields and file never answer 5xx and always explain errors`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.dictionary(
            fc.constantFrom('workspaceId', 'folderId', 'file', 'x', '__proto__', 'constructor'),
            interesting(),
          ),
          fc.array(
            fc.record({
              name: fc.oneof(
                fc.constantFrom('a.txt', 'b.md', 'c.csv', 'd.json', 'e.html', 'f.pdf', '..', ''),
                fc.string(),
              ),
              content: fc.oneof(fc.string(), fc.uint8Array({ maxLength: 64 })),
              type: fc.constantFrom('', 'text/plain', 'application/json', 'text/html', 'x/y', '%%'),
              field: fc.constantFrom('file', 'file', 'other'),
            }),
            { maxLength: 2 },
          ),
          fc.boolean(),
          async (fields, files, truncate) => {
            const body = await multipart(fields, files)
            // Sometimes cut the body short: a client that disconnected or a broken proxy.
            const payload = truncate
              ? body.payload.subarray(0, body.payload.length >> 1)
              : body.payload
            const res = await s.call(s.keys.personal, {
              method: 'POST',
              url: path(),
              headers: body.headers,
              payload,
            })
            expect(res.statusCode).toBeLessThan(500)
            if (res.statusCode >= 400) expect(res.json().error.length).toBeGreaterThan(0)
          },
        ),
        { numRuns: 150 },
      )
    })
  }
})
