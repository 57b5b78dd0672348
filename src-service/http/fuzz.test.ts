// Property test: random bodies, queries and ids thrown at every endpoint of this part of the
// service never produce a 5xx, and every non-2xx reply carries the spec's error body.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestService, type TestService } from '../testing/test-app.ts'
import { deploySample } from '../testing/workflows.ts'
import { shutdownFunctionPool } from '../engine/index.ts'
import { ExecutionResultSchema } from '../../src-shared/api/execution.ts'

let s: TestService
let workflowId: string
let runnableId: string
let executionId: string

beforeAll(async () => {
  s = await createTestService({ apiRatePerMinute: 1_000_000 })
  workflowId = s.app.ctx.store.workflows.create({
    workspaceId: s.workspace.id,
    name: 'target',
    definition: { blocks: {}, edges: [], variables: {} },
  }).id
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

type Method = 'GET' | 'POST' | 'DELETE'
const ENDPOINTS: { method: Method; path: (id: string) => string; runs?: true }[] = [
  { method: 'POST', path: () => '/api/v1/workspaces' },
  { method: 'GET', path: () => '/api/v1/workflows' },
  { method: 'GET', path: (id) => `/api/v1/workflows/${id}` },
  { method: 'GET', path: (id) => `/api/workflows/${id}/status` },
  { method: 'POST', path: () => '/api/v1/workflows/import' },
  { method: 'POST', path: (id) => `/api/v1/workflows/${id}/deploy` },
  { method: 'DELETE', path: (id) => `/api/v1/workflows/${id}/deploy` },
  { method: 'GET', path: () => '/api/v1/audit-logs' },
  { method: 'GET', path: (id) => `/api/v1/audit-logs/${id}` },
  { method: 'POST', path: (id) => `/api/workflows/${id}/execute`, runs: true },
  { method: 'GET', path: (id) => `/api/jobs/${id}` },
  { method: 'POST', path: (id) => `/api/workflows/${runnableId}/executions/${id}/cancel` },
  { method: 'POST', path: (id) => `/api/resume/${runnableId}/${id}/${id}`, runs: true },
  { method: 'GET', path: () => '/api/v1/logs' },
  { method: 'GET', path: (id) => `/api/v1/logs/${id}` },
]

// Values that reach interesting branches more often than pure noise would.
const interesting = () =>
  fc.oneof(
    fc.constant(s.workspace.id),
    fc.constant(s.otherWorkspace.id),
    fc.constant(workflowId),
    fc.constant(runnableId),
    fc.constant(executionId),
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
      'workflowIds',
      'level',
      'order',
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
