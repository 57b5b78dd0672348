// What the renderer reads out of the service's answers. The bridge passes /api/v1 bodies
// through as they came (src-shared/api will give them schemas; until then these lenient ones
// check just what the screens use, so a surprising answer is an error in words, not a crash).
// TODO(api): import these from src-shared/api once it lands and delete this file.
import { z } from 'zod'
import { BridgeCallError } from '../bridge.ts'

const str = z.string()
const optStr = z.string().nullish()
const int = z.number()

export const WorkflowItemSchema = z.looseObject({
  id: str,
  name: str,
  isDeployed: z.boolean(),
  folderId: optStr,
  createdAt: optStr,
  updatedAt: optStr,
})
export type WorkflowItem = z.infer<typeof WorkflowItemSchema>

export const WorkflowPageSchema = z.looseObject({
  data: z.array(WorkflowItemSchema),
  nextCursor: optStr,
})

export const WorkflowInputSchema = z.looseObject({
  name: str,
  type: str,
  description: optStr,
  value: z.unknown().optional(),
  default: z.unknown().optional(),
})
export type WorkflowInput = z.infer<typeof WorkflowInputSchema>

export const WorkflowDetailSchema = z.looseObject({
  data: z.looseObject({
    id: str,
    name: str,
    description: optStr,
    folderId: optStr,
    workspaceId: optStr,
    isDeployed: z.boolean(),
    deployedAt: optStr,
    runCount: int.nullish(),
    lastRunAt: optStr,
    inputs: z.array(WorkflowInputSchema).default([]),
    createdAt: optStr,
    updatedAt: optStr,
  }),
})
export type WorkflowDetail = z.infer<typeof WorkflowDetailSchema>['data']

export const WorkflowStatusSchema = z.looseObject({
  isDeployed: z.boolean(),
  deployedAt: optStr,
  needsRedeployment: z.boolean().nullish(),
})

export const ColumnSchema = z.looseObject({
  name: str,
  type: str,
  required: z.boolean().nullish(),
  unique: z.boolean().nullish(),
  options: z.array(z.string()).nullish(),
})
export type Column = z.infer<typeof ColumnSchema>

export const TableSchema = z.looseObject({
  id: str,
  name: str,
  description: optStr,
  schema: z.looseObject({ columns: z.array(ColumnSchema) }),
  rowCount: int,
  maxRows: int,
  createdAt: optStr,
  updatedAt: optStr,
})
export type Table = z.infer<typeof TableSchema>

export const TablesListSchema = z.looseObject({
  data: z.looseObject({ tables: z.array(TableSchema), totalCount: int.nullish() }),
})
export const TableGetSchema = z.looseObject({ data: z.looseObject({ table: TableSchema }) })

export const RowSchema = z.looseObject({
  id: str,
  data: z.record(z.string(), z.unknown()),
  position: int.nullish(),
  createdAt: optStr,
  updatedAt: optStr,
})
export type Row = z.infer<typeof RowSchema>

export const RowsPageSchema = z.looseObject({
  data: z.looseObject({
    rows: z.array(RowSchema),
    rowCount: int.nullish(),
    totalCount: int.nullish(),
    limit: int.nullish(),
    offset: int.nullish(),
  }),
})
export const RowWriteSchema = z.looseObject({
  data: z.looseObject({ row: RowSchema, message: optStr }),
})
export const RowsInsertSchema = z.looseObject({
  data: z.looseObject({ rows: z.array(RowSchema).nullish(), insertedCount: int.nullish() }),
})
export const ColumnsSchema = z.looseObject({
  data: z.looseObject({ columns: z.array(ColumnSchema) }),
})

export const KnowledgeBaseSchema = z.looseObject({
  id: str,
  name: str,
  description: optStr,
  docCount: int.nullish(),
  tokenCount: int.nullish(),
  embeddingModel: optStr,
  chunkingConfig: z
    .looseObject({ maxSize: int.nullish(), minSize: int.nullish(), overlap: int.nullish() })
    .nullish(),
  createdAt: optStr,
  updatedAt: optStr,
})
export type KnowledgeBase = z.infer<typeof KnowledgeBaseSchema>
export const KnowledgeListSchema = z.looseObject({
  data: z.looseObject({ knowledgeBases: z.array(KnowledgeBaseSchema), totalCount: int.nullish() }),
})
export const KnowledgeGetSchema = z.looseObject({
  data: z.looseObject({ knowledgeBase: KnowledgeBaseSchema }),
})

export const DocumentSchema = z.looseObject({
  id: str,
  knowledgeBaseId: optStr,
  filename: str,
  fileSize: int.nullish(),
  mimeType: optStr,
  processingStatus: str,
  processingError: optStr,
  chunkCount: int.nullish(),
  tokenCount: int.nullish(),
  characterCount: int.nullish(),
  enabled: z.boolean().nullish(),
  createdAt: optStr,
  uploadedAt: optStr,
})
export type KnowledgeDocument = z.infer<typeof DocumentSchema>
export const DocumentsPageSchema = z.looseObject({
  data: z.looseObject({
    documents: z.array(DocumentSchema),
    pagination: z.looseObject({ total: int, limit: int, offset: int, hasMore: z.boolean() }),
  }),
})
export const DocumentGetSchema = z.looseObject({
  data: z.looseObject({ document: DocumentSchema }),
})
/** The upload answers "the document": accept it bare or wrapped. */
export const DocumentUploadSchema = z.union([
  DocumentGetSchema.transform((v) => v.data.document),
  z.looseObject({ data: DocumentSchema }).transform((v) => v.data),
  DocumentSchema,
])

export const FileItemSchema = z.looseObject({
  id: str,
  name: str,
  size: int.nullish(),
  type: optStr,
  key: optStr,
  uploadedBy: optStr,
  uploadedAt: optStr,
  folderId: optStr,
  archivedAt: optStr,
})
export type FileItem = z.infer<typeof FileItemSchema>
export const DocsListSchema = z.looseObject({
  data: z.looseObject({ files: z.array(FileItemSchema), totalCount: int.nullish() }),
})

export const BucketSchema = z.looseObject({
  isLimited: z.boolean(),
  requestsPerMinute: int.nullish(),
  maxBurst: int.nullish(),
  limit: int.nullish(),
  remaining: int,
  resetAt: str,
})
export type Bucket = z.infer<typeof BucketSchema>
export const UsageSchema = z.looseObject({
  rateLimit: z.looseObject({ sync: BucketSchema, async: BucketSchema, authType: optStr }),
  usage: z.looseObject({ currentPeriodCost: int, limit: int.nullish(), plan: optStr }),
  storage: z
    .looseObject({ usedBytes: int, limitBytes: int.nullish(), percentUsed: int.nullish() })
    .nullish(),
})
export type Usage = z.infer<typeof UsageSchema>

export const LogEntrySchema = z.looseObject({
  id: str,
  workflowId: optStr,
  executionId: optStr,
  level: str,
  trigger: optStr,
  startedAt: optStr,
  endedAt: optStr,
  totalDurationMs: int.nullish(),
  cost: z.looseObject({ total: int.nullish() }).nullish(),
})
export type LogEntry = z.infer<typeof LogEntrySchema>
export const LogsPageSchema = z.looseObject({
  data: z.array(LogEntrySchema),
  nextCursor: optStr,
})
export const LogDetailSchema = z.looseObject({
  data: LogEntrySchema.extend({
    workflow: z.looseObject({ id: str, name: str }).nullish(),
    executionData: z.unknown().optional(),
  }),
})

export const AuditEntrySchema = z.looseObject({
  id: str,
  action: str,
  actorId: optStr,
  actorName: optStr,
  actorEmail: optStr,
  resourceType: optStr,
  resourceId: optStr,
  metadata: z.unknown().optional(),
  createdAt: str,
})
export type AuditEntry = z.infer<typeof AuditEntrySchema>
export const AuditPageSchema = z.looseObject({
  data: z.array(AuditEntrySchema),
  nextCursor: optStr,
})
export const AuditDetailSchema = z.looseObject({ data: AuditEntrySchema })

export const WorkspaceCreatedSchema = z.looseObject({
  data: z.looseObject({
    workspace: z.looseObject({ id: str, name: str, slug: optStr, color: optStr }),
  }),
})

/** Parses a service answer; a mismatch becomes an INVALID_RESPONSE naming the field. */
export function parseAnswer<T extends z.ZodType>(schema: T, value: unknown, what: string) {
  const parsed = schema.safeParse(value)
  if (parsed.success) return parsed.data as z.output<T>
  const issue = parsed.error.issues[0]
  const where = issue?.path.length ? issue.path.join('.') : 'the answer'
  throw new BridgeCallError({
    code: 'INVALID_RESPONSE',
    message: `The service answered ${what} in a shape Flowdeck does not understand (${where}: ${issue?.message ?? 'unexpected'}).`,
  })
}
