// Property test: random bodies, queries and ids thrown at every endpoint of this part of the
// service never produce a 5xx, and every non-2xx reply carries the spec's error body.
import fc from 'fast-check'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createTestService, type TestService } from '../testing/test-app.ts'
import { multipart } from '../testing/multipart.ts'
import { deploySample } from '../testing/workflows.ts'
import { shutdownFunctionPool } from '../engine/index.ts'
import { ExecutionResultSchema } from '../../src-shared/api/execution.ts'
import { FILTER_OPERATORS } from '../../src-shared/api/row-filter.ts'

let s: TestService
let workflowId: string
let tableId = ':tableId'
let rowId = ':rowId'
let runnableId: string
let executionId: string
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
  runnableId = await deploySample(s, 'branching')
  const run = await s.call(s.keys.personal, {
    method: 'POST',
    url: `/api/workflows/${runnableId}/execute`,
    payload: { number: 1 },
  })
  executionId = run.json().executionId
})
afterAll(async () => {
  await s.close()
  await shutdownFunctionPool()
})

// Each endpoint's run starts from a fresh fixture table (an earlier run may have archived it
// or dropped its columns).
let tableCount = 0
beforeEach(async () => {
  const table = await s.call(s.keys.personal, {
    method: 'POST',
    url: '/api/v1/tables',
    payload: {
      workspaceId: s.workspace.id,
      name: `target_${tableCount++}`,
      schema: { columns: TABLE_COLUMNS },
    },
  })
  tableId = table.json().data.table.id
  const row = await s.call(s.keys.personal, {
    method: 'POST',
    url: `/api/v1/tables/${tableId}/rows`,
    payload: { workspaceId: s.workspace.id, data: { name: 'Ada', email: 'ada@x.test', age: 36 } },
  })
  rowId = row.json().data.row.id
})

const TABLE_COLUMNS = [
  { name: 'name', type: 'string', required: true },
  { name: 'email', type: 'string', unique: true },
  { name: 'age', type: 'number' },
  { name: 'born', type: 'date' },
  { name: 'vip', type: 'boolean' },
  { name: 'tier', type: 'select', options: ['gold', 'free'] },
  { name: 'meta', type: 'json' },
]

// Values that reach interesting branches more often than pure noise would.
const interesting = () =>
  fc.oneof(
    fc.constant(s.workspace.id),
    fc.constant(s.otherWorkspace.id),
    fc.constant(workflowId),
    fc.constant(tableId),
    fc.constant(rowId),
    fc.constant(runnableId),
    fc.constant(executionId),
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
      'filter',
      'sort',
      'offset',
      'workflowIds',
      'level',
      'order',
      'search',
      'enabledFilter',
      'sortBy',
      'sortOrder',
      'scope',
      'x',
    ),
    fc.oneof(
      interesting(),
      filterArb().map((f) => JSON.stringify(f)),
      sortArb(),
    ),
  )

// Row data, filters and sorts over the fixture table's columns (and a few that do not exist),
// with values of every JSON type so each column meets values of the wrong type too.
const columnName = () => fc.constantFrom(...TABLE_COLUMNS.map((c) => c.name), 'nope', 'id')
const scalar = () =>
  fc.oneof(
    fc.constantFrom('ada@x.test', 'gold', '2026-01-31', '2026-01-31T10:00:00+02:00', '', '%', 36),
    fc.string(),
    fc.double(),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
  )
const cellValue = () =>
  fc.oneof(
    { weight: 4, arbitrary: scalar() },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 1 }) },
  )
/** Names that pass the name rule, so requests reach the service. */
const validName = () => fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,8}$/)
const rowDataArb = () => fc.dictionary(columnName(), cellValue(), { maxKeys: 5 })
const operatorArb = () =>
  fc.dictionary(
    // Every operator of the contract, and one it does not have.
    fc.constantFrom(...FILTER_OPERATORS, '$regex'),
    fc.oneof({ weight: 3, arbitrary: cellValue() }, fc.array(scalar(), { maxLength: 3 })),
    { minKeys: 1, maxKeys: 3 },
  )
const filterArb = (): fc.Arbitrary<unknown> =>
  fc.letrec<{ filter: unknown }>((tie) => ({
    filter: fc.oneof(
      { depthSize: 'small' },
      fc.dictionary(columnName(), fc.oneof(scalar(), operatorArb()), { minKeys: 1, maxKeys: 3 }),
      fc.record({ $or: fc.array(tie('filter'), { minLength: 1, maxLength: 3 }) }),
      fc.record({ $and: fc.array(tie('filter'), { minLength: 1, maxLength: 3 }) }),
    ),
  })).filter
/** Filters that are well-formed for the fixture's column types (so they reach the SQL). */
const goodCondition = () =>
  fc.oneof(
    scalar(),
    fc.record({ $gt: fc.oneof(fc.integer(), fc.constantFrom('2026-01-01', 'M')) }),
    fc.record({ $lte: fc.oneof(fc.double({ noNaN: true }), fc.string()) }),
    fc.record({ $ne: scalar() }),
    fc.record({ $in: fc.array(scalar(), { maxLength: 3 }) }),
    fc.record({ $nin: fc.array(scalar(), { maxLength: 3 }) }),
    fc.record({ $contains: fc.string() }),
    fc.record({ $startsWith: fc.string({ minLength: 1 }), $endsWith: fc.string() }),
    fc.record({ $empty: fc.boolean() }),
  )
const goodFilter = (): fc.Arbitrary<unknown> =>
  fc.letrec<{ filter: unknown }>((tie) => ({
    filter: fc.oneof(
      { depthSize: 'small' },
      fc.dictionary(columnName(), goodCondition(), { minKeys: 1, maxKeys: 3 }),
      fc.record({ $or: fc.array(tie('filter'), { minLength: 1, maxLength: 3 }) }),
      fc.record({ $and: fc.array(tie('filter'), { minLength: 1, maxLength: 3 }) }),
    ),
  })).filter
const someFilter = () =>
  fc.oneof({ weight: 3, arbitrary: goodFilter() }, { weight: 1, arbitrary: filterArb() })
const sortArb = () =>
  fc
    .dictionary(
      columnName(),
      fc.oneof({ weight: 6, arbitrary: fc.constantFrom('asc', 'desc') }, fc.constant('up')),
      { maxKeys: 3 },
    )
    .map((sort) => JSON.stringify(sort))
const columnArb = () =>
  fc.record(
    {
      name: fc.oneof(columnName(), validName(), fc.string()),
      type: fc.constantFrom(
        'string',
        'number',
        'currency',
        'boolean',
        'date',
        'json',
        'select',
        'x',
      ),
      required: fc.oneof({ weight: 5, arbitrary: fc.boolean() }, fc.string()),
      unique: fc.boolean(),
      options: fc.array(fc.constantFrom('gold', 'free', 'x', ''), { maxLength: 3 }),
      currencyCode: fc.constantFrom('EUR', 'eur'),
    },
    { requiredKeys: ['name', 'type'] },
  )
/** A well-formed column of any type (the noisy columnArb rarely gets past the schema). */
const goodColumn = () =>
  fc.oneof(
    fc.record({
      name: validName(),
      type: fc.constantFrom('string', 'number', 'boolean', 'date', 'json'),
      required: fc.boolean(),
      unique: fc.boolean(),
    }),
    fc.record({
      name: validName(),
      type: fc.constant('select'),
      unique: fc.boolean(),
      options: fc.uniqueArray(fc.constantFrom('gold', 'free', 'x'), { minLength: 1 }),
    }),
    fc.record({
      name: validName(),
      type: fc.constant('currency'),
      currencyCode: fc.constant('EUR'),
    }),
  )
const someColumn = () =>
  fc.oneof({ weight: 4, arbitrary: goodColumn() }, { weight: 1, arbitrary: columnArb() })
/** Rows that mostly fit the fixture table, with a wrong cell now and then. */
const goodRow = () =>
  fc.record(
    {
      name: fc.oneof({ weight: 5, arbitrary: fc.string({ minLength: 1 }) }, scalar()),
      email: fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom('a@x', 'b@x', 'ada@x.test') },
        scalar(),
      ),
      age: fc.oneof({ weight: 3, arbitrary: fc.integer() }, scalar()),
      born: fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom('2026-01-31', '1999-12-31T23:59:59Z') },
        scalar(),
      ),
      vip: fc.oneof({ weight: 3, arbitrary: fc.boolean() }, scalar()),
      tier: fc.oneof({ weight: 3, arbitrary: fc.constantFrom('gold', 'free') }, scalar()),
      meta: fc.jsonValue({ maxDepth: 2 }),
    },
    { requiredKeys: ['name'] },
  )
const someRow = () =>
  fc.oneof({ weight: 4, arbitrary: goodRow() }, { weight: 1, arbitrary: rowDataArb() })
const tableName = () =>
  fc.oneof(
    { weight: 4, arbitrary: validName() },
    fc.constantFrom('people', 'target_0', 'a b'),
    fc.string(),
  )
const schema = () =>
  fc.oneof(
    { weight: 4, arbitrary: fc.record({ columns: fc.array(someColumn(), { maxLength: 4 }) }) },
    { weight: 1, arbitrary: fc.jsonValue() },
  )
const position = () => fc.oneof(fc.integer({ min: -1, max: 20 }), fc.string())
const updates = () =>
  fc.oneof(
    fc.record({ name: fc.oneof(columnName(), validName()) }),
    fc.record({ type: fc.constantFrom('string', 'number', 'boolean', 'date', 'json') }),
    fc.record({
      type: fc.constant('select'),
      options: fc.uniqueArray(fc.constantFrom('gold', 'free', 'x'), { minLength: 1 }),
    }),
    fc.record({ required: fc.boolean() }, { requiredKeys: [] }),
    fc.record({ unique: fc.boolean(), required: fc.boolean() }, { requiredKeys: [] }),
    columnArb(),
    fc.jsonValue(),
  )
const rowsArb = () =>
  fc.oneof(
    { weight: 4, arbitrary: fc.array(someRow(), { minLength: 1, maxLength: 6 }) },
    { weight: 1, arbitrary: fc.jsonValue() },
  )
const rowIds = () => fc.array(fc.oneof(fc.constant(rowId), interesting()), { maxLength: 3 })
/** The fixture's ids most of the time, anything else now and then. */
const mostly = (value: () => string) =>
  fc.oneof({ weight: 4, arbitrary: fc.constant(value()) }, { weight: 1, arbitrary: interesting() })

type Fields = Record<string, () => fc.Arbitrary<unknown>>
/**
 * An endpoint under /api/v1/tables. `fields` are the body's own fields (or alternatives, like
 * `data` versus `rows`): bodies mostly hold all of one alternative, sometimes any subset, and
 * now and then anything at all.
 */
function tableEndpoint(
  method: Method,
  path: (id: string) => string,
  fields: Fields | Fields[],
  idKind: 'table' | 'row' = 'table',
): (typeof ENDPOINTS)[number] {
  const workspaceId = () => mostly(() => s.workspace.id)
  const alternatives = Array.isArray(fields) ? fields : [fields]
  const record = (f: Fields, all: boolean) => {
    const arbs: Record<string, fc.Arbitrary<unknown>> = { workspaceId: workspaceId() }
    for (const [k, arb] of Object.entries(f)) arbs[k] = arb()
    return fc.record(arbs, { requiredKeys: all ? Object.keys(arbs) : ['workspaceId'] })
  }
  return {
    method,
    path,
    id: () => mostly(() => (idKind === 'table' ? tableId : rowId)),
    body: () =>
      fc.oneof(
        { weight: 1, arbitrary: bodyArb() },
        { weight: 2, arbitrary: fc.oneof(...alternatives.map((f) => record(f, false))) },
        { weight: 6, arbitrary: fc.oneof(...alternatives.map((f) => record(f, true))) },
      ),
    query: () =>
      fc.oneof(
        { weight: 1, arbitrary: queryArb() },
        {
          weight: 6,
          arbitrary: fc.record(
            {
              workspaceId: workspaceId(),
              filter: someFilter().map((f) => JSON.stringify(f)),
              sort: sortArb(),
              limit: fc.oneof(
                { weight: 5, arbitrary: fc.constantFrom('1', '2', '100', '1000') },
                { weight: 1, arbitrary: fc.constantFrom('1001', '0', 'x', '') },
              ),
              offset: fc.oneof(
                { weight: 5, arbitrary: fc.constantFrom('0', '1', '5') },
                { weight: 1, arbitrary: fc.constantFrom('-1', '1.5') },
              ),
            },
            { requiredKeys: ['workspaceId'] },
          ),
        },
      ),
  }
}
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
        schema: fc.oneof(
          fc.jsonValue(),
          fc.record({ columns: fc.array(columnArb(), { maxLength: 4 }) }),
        ),
        column: fc.oneof(columnArb(), fc.jsonValue()),
        position: fc.oneof(fc.integer({ min: -2, max: 20 }), fc.string()),
        columnName: columnName(),
        updates: fc.oneof(columnArb(), fc.jsonValue()),
        data: fc.oneof(rowDataArb(), fc.jsonValue()),
        rows: fc.oneof(fc.array(rowDataArb(), { maxLength: 5 }), fc.jsonValue()),
        rowIds: fc.array(interesting(), { maxLength: 3 }),
        filter: fc.oneof(filterArb(), fc.jsonValue()),
        conflictTarget: columnName(),
        number: fc.oneof(fc.integer(), fc.string()),
        input: fc.jsonValue(),
        stream: fc.oneof(fc.boolean(), fc.string()),
        selectedOutputs: fc.oneof(
          fc.array(fc.constantFrom('big.result', 'check.selectedOption', 'nope.x', 'big')),
          fc.string(),
        ),
        stopAfterBlockId: fc.oneof(fc.constantFrom('check', 'big', 'ghost', ''), fc.integer()),
        useDraftState: fc.oneof(fc.boolean(), fc.string()),
        includeFileBase64: fc.boolean(),
        base64MaxBytes: fc.oneof(fc.integer(), fc.string()),
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

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
// Table paths take the table id, or a row id under the fixture table (or a random id).
const rows = (id: string) => `/api/v1/tables/${tableId}/rows/${id}`
const ENDPOINTS: {
  method: Method
  path: (id: string) => string
  /** Bodies, queries and path ids for this endpoint; by default a mix of everything. */
  body?: () => fc.Arbitrary<unknown>
  query?: () => fc.Arbitrary<Record<string, string>>
  id?: () => fc.Arbitrary<string>
  /** Runs a workflow: a 500 is allowed only as the spec's failed-run body. */
  runs?: true
}[] = [
  { method: 'POST', path: () => '/api/v1/workspaces' },
  { method: 'GET', path: () => '/api/v1/workflows' },
  { method: 'GET', path: (id) => `/api/v1/workflows/${id}` },
  { method: 'GET', path: (id) => `/api/workflows/${id}/status` },
  { method: 'POST', path: () => '/api/v1/workflows/import' },
  { method: 'POST', path: (id) => `/api/v1/workflows/${id}/deploy` },
  { method: 'DELETE', path: (id) => `/api/v1/workflows/${id}/deploy` },
  { method: 'GET', path: () => '/api/v1/audit-logs' },
  { method: 'GET', path: (id) => `/api/v1/audit-logs/${id}` },
  { method: 'GET', path: () => '/api/users/me/usage-limits' },
  { method: 'POST', path: (id) => `/api/workflows/${id}/execute`, runs: true },
  { method: 'GET', path: (id) => `/api/jobs/${id}` },
  { method: 'POST', path: (id) => `/api/workflows/${runnableId}/executions/${id}/cancel` },
  { method: 'POST', path: (id) => `/api/resume/${runnableId}/${id}/${id}`, runs: true },
  { method: 'GET', path: () => '/api/v1/logs' },
  { method: 'GET', path: (id) => `/api/v1/logs/${id}` },
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
  // Tables: bodies and queries carry only the endpoint's own fields (mostly valid ids), so
  // most requests get past the schema and into the service and its SQL.
  tableEndpoint('GET', () => '/api/v1/tables', {}),
  tableEndpoint('POST', () => '/api/v1/tables', {
    name: tableName,
    description: fc.string,
    schema,
  }),
  tableEndpoint('GET', (id) => `/api/v1/tables/${id}`, {}),
  tableEndpoint('DELETE', (id) => `/api/v1/tables/${id}`, {}),
  tableEndpoint('POST', (id) => `/api/v1/tables/${id}/columns`, { column: someColumn, position }),
  tableEndpoint('PATCH', (id) => `/api/v1/tables/${id}/columns`, { columnName, updates }),
  tableEndpoint('DELETE', (id) => `/api/v1/tables/${id}/columns`, { columnName }),
  tableEndpoint('GET', (id) => `/api/v1/tables/${id}/rows`, {}),
  tableEndpoint('POST', (id) => `/api/v1/tables/${id}/rows`, [
    { data: someRow },
    { rows: rowsArb },
  ]),
  tableEndpoint('DELETE', (id) => `/api/v1/tables/${id}/rows`, [
    { rowIds },
    { filter: someFilter },
  ]),
  tableEndpoint('POST', (id) => `/api/v1/tables/${id}/rows/upsert`, {
    data: someRow,
    conflictTarget: columnName,
  }),
  tableEndpoint('GET', rows, {}, 'row'),
  tableEndpoint('PATCH', rows, { data: someRow }, 'row'),
  tableEndpoint('DELETE', rows, {}, 'row'),
]

describe('random requests', () => {
  for (const endpoint of ENDPOINTS) {
    it(`${endpoint.method} ${endpoint.path(':id')} never answers 5xx and always explains errors`, async () => {
      await fc.assert(
        fc.asyncProperty(
          (endpoint.query ?? queryArb)(),
          (endpoint.body ?? bodyArb)(),
          (endpoint.id ?? interesting)(),
          fc.constantFrom<Record<string, string>>(
            {},
            { 'x-execution-mode': 'async' },
            { 'x-execution-mode': 'nonsense' },
            { 'x-service-stream-version': '2' },
            { 'x-service-stream-version': '1' },
          ),
          fc.constantFrom<keyof TestService['keys'] | 'none' | 'bogus'>(
            'personal',
            'workspace',
            'organizationWrite',
            'organizationRead',
            'none',
            'bogus',
          ),
          async (query, body, id, extraHeaders, keyName) => {
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
                    headers: { 'content-type': 'application/json', ...extraHeaders },
                  }),
            })
            const seen = `${JSON.stringify(body)} -> ${res.body}`
            if (res.statusCode === 500 && endpoint.runs) {
              // The spec's one 5xx for runs: the workflow itself failed, said in its result.
              expect(ExecutionResultSchema.parse(res.json()).success, seen).toBe(false)
            } else {
              expect(res.statusCode, seen).toBeLessThan(500)
            }
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
