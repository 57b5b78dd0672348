// Property test: random bodies, queries and ids thrown at every endpoint of this part of the
// service never produce a 5xx, and every non-2xx reply carries the spec's error body.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestService, type TestService } from '../testing/test-app.ts'

let s: TestService
let workflowId: string

beforeAll(async () => {
  s = await createTestService({ apiRatePerMinute: 1_000_000 })
  workflowId = s.app.ctx.store.workflows.create({
    workspaceId: s.workspace.id,
    name: 'target',
    definition: { blocks: {}, edges: [], variables: {} },
  }).id
})
afterAll(() => s.close())

type Method = 'GET' | 'POST' | 'DELETE'
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
  { method: 'GET', path: () => '/api/users/me/usage-limits' },
]

// Values that reach interesting branches more often than pure noise would.
const interesting = () =>
  fc.oneof(
    fc.constant(s.workspace.id),
    fc.constant(s.otherWorkspace.id),
    fc.constant(workflowId),
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
