// TEMPORARY: stands in for src-shared/api until it lands; every import of this file moves there.
import { z } from 'zod'

const queryBool = z.enum(['true', 'false']).transform((v) => v === 'true')

export const CreateWorkspaceBody = z.strictObject({
  name: z.string().trim().min(1).max(100),
  color: z
    .string()
    .regex(/^#[0-9A-Fa-f]{6}$/)
    .optional(),
  skipDefaultWorkflow: z.boolean().optional(),
})
export const WorkspaceQuery = z.object({ workspaceId: z.string().min(1) })
export const WorkspaceBody = z.object({ workspaceId: z.string().min(1) })
export const ListWorkflowsQuery = WorkspaceQuery.extend({
  folderId: z.string().min(1).optional(),
  deployedOnly: queryBool.optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  cursor: z.string().min(1).optional(),
})
export const IdParams = z.object({ id: z.string().min(1) })
export const ImportWorkflowBody = WorkspaceBody.extend({
  folderId: z.string().min(1).optional(),
  name: z.string().trim().min(1).max(200).optional(),
  workflow: z.record(z.string(), z.unknown()),
})
export const ListAuditLogsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).optional(),
  cursor: z.string().min(1).optional(),
  action: z.string().min(1).optional(),
  resourceType: z.string().min(1).optional(),
  resourceId: z.string().min(1).optional(),
  workspaceId: z.string().min(1).optional(),
  actorId: z.string().min(1).optional(),
  startDate: z.iso.datetime({ offset: true }).optional(),
  endDate: z.iso.datetime({ offset: true }).optional(),
})
