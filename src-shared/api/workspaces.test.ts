import { describe, expect, it } from 'vitest'
import {
  CreateWorkspaceBodySchema,
  CreateWorkspaceResponseSchema,
  WorkspaceSchema,
} from './workspaces.ts'
import { firstIssue, workspace } from './test-fixtures.ts'

describe('Workspace', () => {
  it('reads the spec resource, active or archived', () => {
    expect(WorkspaceSchema.parse(workspace)).toEqual(workspace)
    const archived = { ...workspace, archivedAt: '2026-02-01T00:00:00.000Z' }
    expect(WorkspaceSchema.parse(archived).archivedAt).toBe(archived.archivedAt)
  })

  it('requires every listed field', () => {
    for (const key of Object.keys(workspace)) {
      const { [key]: _gone, ...rest } = workspace as Record<string, unknown>
      expect(WorkspaceSchema.safeParse(rest).success, key).toBe(false)
    }
  })

  it('refuses wrong types', () => {
    expect(WorkspaceSchema.safeParse({ ...workspace, allowPersonalApiKeys: 'yes' }).success).toBe(
      false,
    )
    expect(WorkspaceSchema.safeParse({ ...workspace, createdAt: 'today' }).success).toBe(false)
  })

  it('reads the create response', () => {
    const body = { success: true, data: { workspace } }
    expect(CreateWorkspaceResponseSchema.parse(body)).toEqual(body)
    expect(CreateWorkspaceResponseSchema.safeParse({ success: true, data: {} }).success).toBe(false)
  })
})

describe('CreateWorkspaceBody', () => {
  it('takes name and colour, with skipDefaultWorkflow defaulting to false', () => {
    expect(CreateWorkspaceBodySchema.parse({ name: 'Marketing Ops', color: '#12AB9f' })).toEqual({
      name: 'Marketing Ops',
      color: '#12AB9f',
      skipDefaultWorkflow: false,
    })
    expect(
      CreateWorkspaceBodySchema.parse({ name: 'Ops', skipDefaultWorkflow: true })
        .skipDefaultWorkflow,
    ).toBe(true)
  })

  it('refuses colours that are not #RRGGBB', () => {
    for (const color of ['red', '#12345', '#1234567', '#GGGGGG', '12AB9F', 'rgb(1,2,3)']) {
      const result = CreateWorkspaceBodySchema.safeParse({ name: 'x', color })
      expect(firstIssue(result), color).toEqual({
        path: 'color',
        message: 'Expected a colour of the form #RRGGBB',
      })
    }
  })

  it('refuses blank names, unknown fields and a string boolean', () => {
    expect(firstIssue(CreateWorkspaceBodySchema.safeParse({ name: '   ' })).path).toBe('name')
    expect(CreateWorkspaceBodySchema.safeParse({}).success).toBe(false)
    expect(CreateWorkspaceBodySchema.safeParse({ name: 'x', extra: 1 }).success).toBe(false)
    expect(
      CreateWorkspaceBodySchema.safeParse({ name: 'x', skipDefaultWorkflow: 'true' }).success,
    ).toBe(false)
  })
})
