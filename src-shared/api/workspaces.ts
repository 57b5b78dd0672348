// Workspaces: the resource and its creation (personal keys only; spec, Authentication 8).
import { z } from 'zod'
import { Id, Timestamp, successEnvelope } from './common.ts'

/** `#RRGGBB`, either case. */
export const HexColorSchema = z
  .string()
  .regex(/^#[0-9A-Fa-f]{6}$/, 'Expected a colour of the form #RRGGBB')

export const WorkspaceSchema = z.object({
  id: Id,
  name: z.string(),
  slug: z.string(),
  color: z.string(),
  ownerId: z.string(),
  organizationId: z.string(),
  billedAccountUserId: z.string(),
  allowPersonalApiKeys: z.boolean(),
  /** The caller's role; `admin` occurs. Kept open: a new role must not break a reader. */
  role: z.string(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  /** Null while the workspace is active. */
  archivedAt: Timestamp.nullable(),
})
export type Workspace = z.infer<typeof WorkspaceSchema>

// `color` is optional: the spec lists it without a default, the hosted service picks one.
export const CreateWorkspaceBodySchema = z.strictObject({
  name: z.string().trim().min(1, 'A workspace needs a name').max(100),
  color: HexColorSchema.optional(),
  skipDefaultWorkflow: z.boolean().default(false),
})
export type CreateWorkspaceBody = z.infer<typeof CreateWorkspaceBodySchema>
export type CreateWorkspaceInput = z.input<typeof CreateWorkspaceBodySchema>

export const CreateWorkspaceResponseSchema = successEnvelope(
  z.object({ workspace: WorkspaceSchema }),
)
export type CreateWorkspaceResponse = z.infer<typeof CreateWorkspaceResponseSchema>
