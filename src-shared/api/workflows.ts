// Workflows: list, detail, deploy status, import, deploy/undeploy, and the definition format
// an import carries (API-NOTES, "Workflow definitions").
import { z } from 'zod'
import {
  Id,
  JsonObjectSchema,
  LimitsSchema,
  NonNegativeInt,
  Timestamp,
  WorkspaceBodySchema,
  cursorPage,
  cursorPageQuery,
  queryBoolean,
} from './common.ts'

// ---- Resources ----

export const WorkflowListItemSchema = z.object({
  id: Id,
  name: z.string(),
  isDeployed: z.boolean(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
})
export type WorkflowListItem = z.infer<typeof WorkflowListItemSchema>

/** A Start-block input field, for run forms, with its default value when it has one. */
export const WorkflowInputFieldSchema = z.object({
  name: z.string(),
  type: z.string(),
  description: z.string().optional(),
  default: z.unknown().optional(),
})
export type WorkflowInputField = z.infer<typeof WorkflowInputFieldSchema>

export const WorkflowDetailSchema = z.object({
  id: Id,
  name: z.string(),
  description: z.string().nullable(),
  folderId: z.string().nullable(),
  workspaceId: Id,
  isDeployed: z.boolean(),
  deployedAt: Timestamp.nullable(),
  runCount: NonNegativeInt,
  lastRunAt: Timestamp.nullable(),
  variables: z.record(z.string(), z.unknown()),
  inputs: z.array(WorkflowInputFieldSchema),
  createdAt: Timestamp,
  updatedAt: Timestamp,
})
export type WorkflowDetail = z.infer<typeof WorkflowDetailSchema>

export const WorkflowStatusSchema = z.object({
  isDeployed: z.boolean(),
  deployedAt: Timestamp.nullable(),
  needsRedeployment: z.boolean(),
})
export type WorkflowStatus = z.infer<typeof WorkflowStatusSchema>

// ---- List and detail ----

export const ListWorkflowsQuerySchema = cursorPageQuery({ max: 100, default: 50 }).extend({
  workspaceId: Id,
  folderId: z.string().min(1).optional(),
  deployedOnly: queryBoolean.optional(),
})
export type ListWorkflowsQuery = z.infer<typeof ListWorkflowsQuerySchema>

export const ListWorkflowsResponseSchema = cursorPage(WorkflowListItemSchema)
export type ListWorkflowsResponse = z.infer<typeof ListWorkflowsResponseSchema>

export const WorkflowDetailResponseSchema = z.object({
  data: WorkflowDetailSchema,
  limits: LimitsSchema,
})
export type WorkflowDetailResponse = z.infer<typeof WorkflowDetailResponseSchema>

// ---- Definition (the editor's export shape) ----
// Loose objects throughout: editor exports carry position, outputs, data, layout... that the
// engine ignores, and an export must re-import as it was.

export const SubBlockSchema = z.looseObject({ value: z.unknown().optional() })

export const BlockSchema = z.looseObject({
  id: z.string().min(1),
  type: z.string().min(1),
  name: z.string(),
  subBlocks: z.record(z.string(), SubBlockSchema),
  enabled: z.boolean().optional(),
})
export type Block = z.infer<typeof BlockSchema>

export const EdgeSchema = z.looseObject({
  id: z.string().min(1),
  source: z.string().min(1),
  target: z.string().min(1),
  // The editor writes null for "no handle".
  sourceHandle: z.string().nullish(),
})
export type Edge = z.infer<typeof EdgeSchema>

export const WorkflowDefinitionSchema = z.looseObject({
  blocks: z.record(z.string(), BlockSchema),
  edges: z.array(EdgeSchema),
  // The editor stores `{<id>: {name, type, value}}`; older exports use a list.
  variables: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]).nullish(),
})
export type WorkflowDefinition = z.infer<typeof WorkflowDefinitionSchema>

/** What `workflow` in an import may be: the definition, or the editor's `{state: {...}}` file. */
export const WorkflowImportSchema = z.union([
  WorkflowDefinitionSchema,
  z.looseObject({ state: WorkflowDefinitionSchema }),
])

// ---- Import, deploy, undeploy ----

export const ImportWorkflowBodySchema = z.strictObject({
  workspaceId: Id,
  folderId: z.string().min(1).optional(),
  name: z.string().trim().min(1).max(200).optional(),
  // Any JSON object: the service checks the definition itself (WorkflowImportSchema's shape,
  // plus the engine's own rules) so that its 400 names the problem ("Unknown block types:
  // slack", "Invalid workflow: blocks.a.type: ...") instead of a bare union failure.
  workflow: JsonObjectSchema,
})
export type ImportWorkflowBody = z.infer<typeof ImportWorkflowBodySchema>

/** 201 `{data: WorkflowDetail, limits}`. */
export const ImportWorkflowResponseSchema = WorkflowDetailResponseSchema
export type ImportWorkflowResponse = z.infer<typeof ImportWorkflowResponseSchema>

/** Deploy and undeploy bodies: `workspaceId` only (spec common rule for non-GET). */
export const DeployWorkflowBodySchema = WorkspaceBodySchema
export type DeployWorkflowBody = z.infer<typeof DeployWorkflowBodySchema>

export const DeploymentSchema = WorkflowDetailSchema.extend({
  needsRedeployment: z.boolean(),
})
export type Deployment = z.infer<typeof DeploymentSchema>

export const DeployWorkflowResponseSchema = z.object({
  data: DeploymentSchema,
  limits: LimitsSchema,
})
export type DeployWorkflowResponse = z.infer<typeof DeployWorkflowResponseSchema>
