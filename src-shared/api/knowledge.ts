// Knowledge bases and their documents: CRUD of bases, document listing (offset paging),
// retrieval, upload (multipart) and deletion.
import { z } from 'zod'
import {
  Id,
  NonNegativeInt,
  Timestamp,
  WorkspaceBodySchema,
  WorkspaceQuerySchema,
  queryInt,
  successEnvelope,
} from './common.ts'

export const DEFAULT_EMBEDDING_MODEL = 'text-embedding-3-small'

// ---- Chunking ----
// maxSize and overlap are tokens, minSize characters (API-NOTES).

const chunkingFields = {
  maxSize: z.int().min(100).max(4000),
  minSize: z.int().min(1).max(2000),
  overlap: z.int().min(0).max(500),
}

const overlapBelowMaxSize = (c: { maxSize?: number; overlap?: number }) =>
  c.maxSize === undefined || c.overlap === undefined || c.overlap < c.maxSize

/** On create: every field optional, defaults filled in. */
export const ChunkingConfigSchema = z
  .strictObject({
    maxSize: chunkingFields.maxSize.default(1024),
    minSize: chunkingFields.minSize.default(100),
    overlap: chunkingFields.overlap.default(200),
  })
  .refine(overlapBelowMaxSize, {
    path: ['overlap'],
    message: 'overlap must be smaller than maxSize',
  })
export type ChunkingConfig = z.infer<typeof ChunkingConfigSchema>

/** On update: no defaults, so an omitted field keeps its stored value. */
export const ChunkingConfigPatchSchema = z
  .strictObject({
    maxSize: chunkingFields.maxSize.optional(),
    minSize: chunkingFields.minSize.optional(),
    overlap: chunkingFields.overlap.optional(),
  })
  .refine(overlapBelowMaxSize, {
    path: ['overlap'],
    message: 'overlap must be smaller than maxSize',
  })
export type ChunkingConfigPatch = z.infer<typeof ChunkingConfigPatchSchema>

// ---- Resources ----

export const KnowledgeBaseSchema = z.object({
  id: Id,
  name: z.string(),
  description: z.string(),
  docCount: NonNegativeInt,
  tokenCount: NonNegativeInt,
  embeddingModel: z.string(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
})
export type KnowledgeBase = z.infer<typeof KnowledgeBaseSchema>

export const PROCESSING_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const
export const ProcessingStatusSchema = z.enum(PROCESSING_STATUSES)
export type ProcessingStatus = z.infer<typeof ProcessingStatusSchema>

export const KnowledgeDocumentSchema = z.object({
  id: Id,
  knowledgeBaseId: Id,
  filename: z.string(),
  fileSize: NonNegativeInt,
  mimeType: z.string(),
  processingStatus: ProcessingStatusSchema,
  chunkCount: NonNegativeInt,
  tokenCount: NonNegativeInt,
  /** Present on single-document retrieval. */
  characterCount: NonNegativeInt.optional(),
  enabled: z.boolean(),
  createdAt: Timestamp,
  /** Why processing failed (null otherwise). Not in the spec's table; the hosted service sends
   * it, and a user needs the reason a document never became searchable. */
  processingError: z.string().nullable().optional(),
})
export type KnowledgeDocument = z.infer<typeof KnowledgeDocumentSchema>

// ---- Knowledge bases ----

const KbName = z.string().trim().min(1, 'A knowledge base needs a name')
const KbDescription = z.string()

// `description` optional: the spec lists it without marking it required; hosted accepts none.
export const CreateKnowledgeBaseBodySchema = z.strictObject({
  workspaceId: Id,
  name: KbName,
  description: KbDescription.optional(),
  chunkingConfig: ChunkingConfigSchema.optional(),
})
export type CreateKnowledgeBaseBody = z.infer<typeof CreateKnowledgeBaseBodySchema>

export const UpdateKnowledgeBaseBodySchema = z
  .strictObject({
    workspaceId: Id,
    name: KbName.optional(),
    description: KbDescription.optional(),
    chunkingConfig: ChunkingConfigPatchSchema.optional(),
  })
  .refine(
    (b) => b.name !== undefined || b.description !== undefined || b.chunkingConfig !== undefined,
    { message: 'Provide at least one of name, description or chunkingConfig to update' },
  )
export type UpdateKnowledgeBaseBody = z.infer<typeof UpdateKnowledgeBaseBodySchema>

export const KnowledgeBaseMessageResponseSchema = successEnvelope(
  z.object({ knowledgeBase: KnowledgeBaseSchema, message: z.string() }),
)
export const CreateKnowledgeBaseResponseSchema = KnowledgeBaseMessageResponseSchema
export const UpdateKnowledgeBaseResponseSchema = KnowledgeBaseMessageResponseSchema
export type KnowledgeBaseMessageResponse = z.infer<typeof KnowledgeBaseMessageResponseSchema>

export const ListKnowledgeBasesQuerySchema = WorkspaceQuerySchema
export const ListKnowledgeBasesResponseSchema = successEnvelope(
  z.object({ knowledgeBases: z.array(KnowledgeBaseSchema), totalCount: NonNegativeInt }),
)
export type ListKnowledgeBasesResponse = z.infer<typeof ListKnowledgeBasesResponseSchema>

export const GetKnowledgeBaseQuerySchema = WorkspaceQuerySchema
export const GetKnowledgeBaseResponseSchema = successEnvelope(
  z.object({ knowledgeBase: KnowledgeBaseSchema }),
)
export type GetKnowledgeBaseResponse = z.infer<typeof GetKnowledgeBaseResponseSchema>

export const DeleteKnowledgeBaseBodySchema = WorkspaceBodySchema

/** Deleting a base or a document answers `{message}`. */
export const DeleteKnowledgeResponseSchema = successEnvelope(z.object({ message: z.string() }))
export type DeleteKnowledgeResponse = z.infer<typeof DeleteKnowledgeResponseSchema>

// ---- Documents ----

export const DocumentParamsSchema = z.object({ id: Id, documentId: Id })

export const DOCUMENT_SORT_FIELDS = [
  'filename',
  'fileSize',
  'tokenCount',
  'chunkCount',
  'uploadedAt',
  'processingStatus',
  'enabled',
] as const

export const ListDocumentsQuerySchema = z.object({
  workspaceId: Id,
  limit: queryInt({ min: 1, max: 100 }).default(50),
  offset: queryInt({ min: 0 }).default(0),
  search: z.string().optional(),
  enabledFilter: z.enum(['all', 'enabled', 'disabled']).default('all'),
  sortBy: z.enum(DOCUMENT_SORT_FIELDS).default('uploadedAt'),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
})
export type ListDocumentsQuery = z.infer<typeof ListDocumentsQuerySchema>
export type ListDocumentsQueryInput = z.input<typeof ListDocumentsQuerySchema>

export const OffsetPaginationSchema = z.object({
  total: NonNegativeInt,
  limit: NonNegativeInt,
  offset: NonNegativeInt,
  hasMore: z.boolean(),
})
export type OffsetPagination = z.infer<typeof OffsetPaginationSchema>

export const ListDocumentsResponseSchema = successEnvelope(
  z.object({ documents: z.array(KnowledgeDocumentSchema), pagination: OffsetPaginationSchema }),
)
export type ListDocumentsResponse = z.infer<typeof ListDocumentsResponseSchema>

export const GetDocumentQuerySchema = WorkspaceQuerySchema
export const DocumentResponseSchema = successEnvelope(
  z.object({ document: KnowledgeDocumentSchema }),
)
export type DocumentResponse = z.infer<typeof DocumentResponseSchema>
export const GetDocumentResponseSchema = DocumentResponseSchema

/** The non-file fields of the multipart upload (the file part is named `file`). */
export const UploadDocumentFieldsSchema = z.strictObject({ workspaceId: Id })
/** The new document, `processingStatus: "pending"`. */
export const UploadDocumentResponseSchema = DocumentResponseSchema

export const DeleteDocumentBodySchema = WorkspaceBodySchema
