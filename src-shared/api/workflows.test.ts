import { describe, expect, it } from 'vitest'
import approval from '../../resources/workflows/approval.json' with { type: 'json' }
import branching from '../../resources/workflows/branching.json' with { type: 'json' }
import greeting from '../../resources/workflows/greeting.json' with { type: 'json' }
import {
  DeployWorkflowResponseSchema,
  ImportWorkflowBodySchema,
  ListWorkflowsQuerySchema,
  ListWorkflowsResponseSchema,
  WorkflowDefinitionSchema,
  WorkflowDetailResponseSchema,
  WorkflowListItemSchema,
  WorkflowStatusSchema,
} from './workflows.ts'
import { T0, firstIssue, limits, workflowDetail } from './test-fixtures.ts'

const item = {
  id: workflowDetail.id,
  name: 'Greeting',
  isDeployed: true,
  createdAt: T0,
  updatedAt: T0,
}

describe('workflow list', () => {
  it('coerces the query: deployedOnly, limit default 50', () => {
    expect(ListWorkflowsQuerySchema.parse({ workspaceId: 'ws1' })).toEqual({
      workspaceId: 'ws1',
      limit: 50,
    })
    expect(
      ListWorkflowsQuerySchema.parse({
        workspaceId: 'ws1',
        folderId: 'f1',
        deployedOnly: 'true',
        limit: '100',
        cursor: 'eyJpZCI6IjEifQ',
      }),
    ).toEqual({
      workspaceId: 'ws1',
      folderId: 'f1',
      deployedOnly: true,
      limit: 100,
      cursor: 'eyJpZCI6IjEifQ',
    })
  })

  it('refuses a missing workspaceId, out-of-range limits and non-boolean flags', () => {
    expect(firstIssue(ListWorkflowsQuerySchema.safeParse({})).path).toBe('workspaceId')
    for (const limit of ['0', '101', 'abc', '1.5']) {
      expect(firstIssue(ListWorkflowsQuerySchema.safeParse({ workspaceId: 'w', limit })).path).toBe(
        'limit',
      )
    }
    expect(
      ListWorkflowsQuerySchema.safeParse({ workspaceId: 'w', deployedOnly: 'yes' }).success,
    ).toBe(false)
  })

  it('reads a page with limits', () => {
    const page = { data: [item], nextCursor: null, limits }
    expect(ListWorkflowsResponseSchema.parse(page)).toEqual(page)
    expect(WorkflowListItemSchema.safeParse({ ...item, isDeployed: 'yes' }).success).toBe(false)
    expect(ListWorkflowsResponseSchema.safeParse({ data: [item], nextCursor: null }).success).toBe(
      false,
    )
  })
})

describe('workflow detail and status', () => {
  it('reads the detail body of API-NOTES', () => {
    const body = { data: workflowDetail, limits }
    expect(WorkflowDetailResponseSchema.parse(body)).toEqual(body)
    const neverRun = { ...workflowDetail, isDeployed: false, deployedAt: null, lastRunAt: null }
    expect(WorkflowDetailResponseSchema.safeParse({ data: neverRun, limits }).success).toBe(true)
  })

  it('keeps an input field’s default value, of any JSON type', () => {
    const inputs = [
      { name: 'name', type: 'string', default: 'World' },
      { name: 'tags', type: 'array', default: ['a'] },
      { name: 'note', type: 'string' },
    ]
    const body = { data: { ...workflowDetail, inputs }, limits }
    expect(WorkflowDetailResponseSchema.parse(body).data.inputs).toEqual(inputs)
  })

  it('requires inputs and a whole-number runCount', () => {
    const { inputs: _i, ...noInputs } = workflowDetail
    expect(WorkflowDetailResponseSchema.safeParse({ data: noInputs, limits }).success).toBe(false)
    const fractional = { ...workflowDetail, runCount: 1.5 }
    expect(WorkflowDetailResponseSchema.safeParse({ data: fractional, limits }).success).toBe(false)
  })

  it('reads deploy status and the deploy answer', () => {
    const status = { isDeployed: true, deployedAt: T0, needsRedeployment: false }
    expect(WorkflowStatusSchema.parse(status)).toEqual(status)
    expect(WorkflowStatusSchema.safeParse({ isDeployed: true, deployedAt: T0 }).success).toBe(false)
    const deployed = { data: { ...workflowDetail, needsRedeployment: false }, limits }
    expect(DeployWorkflowResponseSchema.parse(deployed)).toEqual(deployed)
  })
})

describe('workflow definitions', () => {
  it('parses the sample workflows shipped in resources/', () => {
    for (const sample of [greeting, branching, approval]) {
      expect(WorkflowDefinitionSchema.safeParse(sample).success, sample.name).toBe(true)
    }
  })

  it('keeps editor fields it does not know (an export re-imports as it was)', () => {
    const exported = {
      version: '1.0',
      blocks: {
        start: {
          id: 'start',
          type: 'start_trigger',
          name: 'Start',
          position: { x: 100, y: 200 },
          subBlocks: { inputFormat: { id: 'inputFormat', type: 'input-format', value: [] } },
          outputs: {},
          enabled: true,
          horizontalHandles: true,
        },
      },
      edges: [],
      loops: {},
      variables: {},
    }
    const parsed = WorkflowDefinitionSchema.parse(exported)
    expect(parsed).toEqual(exported)
    expect(parsed.blocks.start!.position).toEqual({ x: 100, y: 200 })
  })

  it('accepts null handles on edges and list-form variables', () => {
    const def = {
      blocks: greeting.blocks,
      edges: [
        { id: 'e1', source: 'start', target: 'greet', sourceHandle: null, targetHandle: null },
      ],
      variables: [{ name: 'x', value: 1 }],
    }
    expect(WorkflowDefinitionSchema.safeParse(def).success).toBe(true)
  })

  it('refuses blocks without a type and edges that are not a list', () => {
    const noType = { blocks: { a: { id: 'a', name: 'A', subBlocks: {} } }, edges: [] }
    expect(firstIssue(WorkflowDefinitionSchema.safeParse(noType)).path).toBe('blocks.a.type')
    const badEdges = { blocks: greeting.blocks, edges: { e1: {} } }
    expect(firstIssue(WorkflowDefinitionSchema.safeParse(badEdges)).path).toBe('edges')
    const edgeNoTarget = { blocks: greeting.blocks, edges: [{ id: 'e', source: 'start' }] }
    expect(firstIssue(WorkflowDefinitionSchema.safeParse(edgeNoTarget)).path).toBe('edges.0.target')
  })
})

describe('ImportWorkflowBody', () => {
  it('takes the definition plain or in the editor file wrapper', () => {
    const plain = ImportWorkflowBodySchema.parse({ workspaceId: 'w', workflow: greeting })
    expect(plain.workflow).toEqual(greeting)
    const wrapped = { workspaceId: 'w', folderId: 'f', name: 'Hi', workflow: { state: greeting } }
    expect(ImportWorkflowBodySchema.safeParse(wrapped).success).toBe(true)
  })

  it('refuses a missing workflow, a non-definition and unknown fields', () => {
    expect(ImportWorkflowBodySchema.safeParse({ workspaceId: 'w' }).success).toBe(false)
    expect(ImportWorkflowBodySchema.safeParse({ workspaceId: 'w', workflow: [] }).success).toBe(
      false,
    )
    expect(
      ImportWorkflowBodySchema.safeParse({ workspaceId: 'w', workflow: greeting, deploy: true })
        .success,
    ).toBe(false)
    expect(
      ImportWorkflowBodySchema.safeParse({ workspaceId: 'w', workflow: greeting, name: ' ' })
        .success,
    ).toBe(false)
  })
})
