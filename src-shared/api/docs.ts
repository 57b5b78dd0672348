// Workspace docs (files): the listing, multipart upload, download and archive.
import { z } from 'zod'
import {
  Id,
  NonNegativeInt,
  Timestamp,
  WorkspaceBodySchema,
  WorkspaceQuerySchema,
  successEnvelope,
} from './common.ts'

export const WorkspaceFileSchema = z.object({
  id: Id,
  name: z.string(),
  size: NonNegativeInt,
  /** MIME type. */
  type: z.string(),
  /** Storage key. */
  key: z.string(),
  /** User id of the uploader. */
  uploadedBy: z.string(),
  uploadedAt: Timestamp,
  /** Beyond the spec's table (extra fields, optional for other servers): the folder the file
   * sits in (the listing's `folderId` filter) and when it was archived (null while active). */
  folderId: z.string().nullable().optional(),
  archivedAt: Timestamp.nullable().optional(),
})
export type WorkspaceFile = z.infer<typeof WorkspaceFileSchema>

export const DocsScopeSchema = z.enum(['active', 'archived', 'all'])
export type DocsScope = z.infer<typeof DocsScopeSchema>

export const ListDocsQuerySchema = z.object({
  workspaceId: Id,
  /** Omitted: the whole workspace. */
  folderId: z.string().min(1).optional(),
  scope: DocsScopeSchema.default('active'),
})
export type ListDocsQuery = z.infer<typeof ListDocsQuerySchema>

export const ListDocsResponseSchema = successEnvelope(
  z.object({ files: z.array(WorkspaceFileSchema), totalCount: NonNegativeInt }),
)
export type ListDocsResponse = z.infer<typeof ListDocsResponseSchema>

/** The non-file fields of the multipart upload (the file part is named `file`); `folderId`
 * (optional) files it in a folder of the workspace, which the listing filters by. */
export const UploadFileFieldsSchema = z.strictObject({
  workspaceId: Id,
  folderId: z.string().min(1).optional(),
})

/** Upload and archive answer with the file item as the docs listing shows it. */
export const FileResponseSchema = successEnvelope(
  z.object({ file: WorkspaceFileSchema, message: z.string().optional() }),
)
export type FileResponse = z.infer<typeof FileResponseSchema>
export const UploadFileResponseSchema = FileResponseSchema
export const ArchiveFileResponseSchema = FileResponseSchema

/** Download: `GET /api/v1/files/{id}?workspaceId=` answers the bytes with Content-Disposition. */
export const DownloadFileQuerySchema = WorkspaceQuerySchema
export const ArchiveFileBodySchema = WorkspaceBodySchema
