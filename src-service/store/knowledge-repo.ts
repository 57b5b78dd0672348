// Knowledge bases, documents (with their bytes) and chunks. The base's doc_count/token_count
// are recomputed from its documents inside every write that changes them, so they never drift.
import { randomUUID } from 'node:crypto'
import { fromBool, toBool, transaction, type Db } from './db.ts'

export interface ChunkingSettings {
  /** Tokens. */
  maxSize: number
  /** Characters. */
  minSize: number
  /** Tokens. */
  overlap: number
}

export interface KnowledgeBaseRecord {
  id: string
  workspaceId: string
  name: string
  description: string
  embeddingModel: string
  chunking: ChunkingSettings
  docCount: number
  tokenCount: number
  createdBy: string
  createdAt: string
  updatedAt: string
}

export type ProcessingStatus = 'pending' | 'processing' | 'completed' | 'failed'

export interface DocumentRecord {
  id: string
  knowledgeBaseId: string
  workspaceId: string
  filename: string
  fileSize: number
  mimeType: string
  /** The extractor that reads it (txt, md, csv, json, html). */
  kind: string
  processingStatus: ProcessingStatus
  processingError: string | null
  claimToken: string | null
  leaseExpiresAt: string | null
  processingStartedAt: string | null
  processingCompletedAt: string | null
  chunkCount: number
  tokenCount: number
  characterCount: number
  enabled: boolean
  uploadedBy: string
  createdAt: string
  updatedAt: string
}

export interface NewChunk {
  content: string
  tokenCount: number
  startOffset: number
  endOffset: number
}

export interface ChunkRecord extends NewChunk {
  id: string
  documentId: string
  knowledgeBaseId: string
  chunkIndex: number
  createdAt: string
}

export const DOCUMENT_SORT_COLUMNS = {
  filename: 'filename COLLATE NOCASE',
  fileSize: 'file_size',
  tokenCount: 'token_count',
  chunkCount: 'chunk_count',
  uploadedAt: 'created_at',
  processingStatus: 'processing_status',
  enabled: 'enabled',
} as const

export interface DocumentListQuery {
  knowledgeBaseId: string
  /** Substring of the filename, case-insensitive. */
  search?: string
  enabled?: boolean
  sortBy: keyof typeof DOCUMENT_SORT_COLUMNS
  sortOrder: 'asc' | 'desc'
  limit: number
  offset: number
}

type Row = Record<string, unknown>
const str = (v: unknown) => (v == null ? null : String(v))

const toBase = (r: Row): KnowledgeBaseRecord => ({
  id: String(r.id),
  workspaceId: String(r.workspace_id),
  name: String(r.name),
  description: String(r.description),
  embeddingModel: String(r.embedding_model),
  chunking: {
    maxSize: Number(r.chunk_max_size),
    minSize: Number(r.chunk_min_size),
    overlap: Number(r.chunk_overlap),
  },
  docCount: Number(r.doc_count),
  tokenCount: Number(r.token_count),
  createdBy: String(r.created_by),
  createdAt: String(r.created_at),
  updatedAt: String(r.updated_at),
})

const toDocument = (r: Row): DocumentRecord => ({
  id: String(r.id),
  knowledgeBaseId: String(r.knowledge_base_id),
  workspaceId: String(r.workspace_id),
  filename: String(r.filename),
  fileSize: Number(r.file_size),
  mimeType: String(r.mime_type),
  kind: String(r.kind),
  processingStatus: String(r.processing_status) as ProcessingStatus,
  processingError: str(r.processing_error),
  claimToken: str(r.claim_token),
  leaseExpiresAt: str(r.lease_expires_at),
  processingStartedAt: str(r.processing_started_at),
  processingCompletedAt: str(r.processing_completed_at),
  chunkCount: Number(r.chunk_count),
  tokenCount: Number(r.token_count),
  characterCount: Number(r.character_count),
  enabled: toBool(r.enabled),
  uploadedBy: String(r.uploaded_by),
  createdAt: String(r.created_at),
  updatedAt: String(r.updated_at),
})

const toChunk = (r: Row): ChunkRecord => ({
  id: String(r.id),
  documentId: String(r.document_id),
  knowledgeBaseId: String(r.knowledge_base_id),
  chunkIndex: Number(r.chunk_index),
  content: String(r.content),
  tokenCount: Number(r.token_count),
  startOffset: Number(r.start_offset),
  endOffset: Number(r.end_offset),
  createdAt: String(r.created_at),
})

/** LIKE treats % and _ as wildcards; a user searching for "50%" means the characters. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

export function createKnowledgeRepo(db: Db, now: () => string) {
  const refreshCounts = (baseId: string) => {
    db.stmt(
      `UPDATE knowledge_bases SET
         doc_count = (SELECT COUNT(*) FROM knowledge_documents WHERE knowledge_base_id = ?1),
         token_count = (SELECT COALESCE(SUM(token_count), 0) FROM knowledge_documents
                        WHERE knowledge_base_id = ?1 AND processing_status = 'completed')
       WHERE id = ?1`,
    ).run(baseId)
  }

  return {
    createBase(input: {
      workspaceId: string
      name: string
      description: string
      embeddingModel: string
      chunking: ChunkingSettings
      createdBy: string
    }): KnowledgeBaseRecord {
      const id = randomUUID()
      const at = now()
      db.stmt(
        `INSERT INTO knowledge_bases (id, workspace_id, name, description, embedding_model,
           chunk_max_size, chunk_min_size, chunk_overlap, created_by, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        id,
        input.workspaceId,
        input.name,
        input.description,
        input.embeddingModel,
        input.chunking.maxSize,
        input.chunking.minSize,
        input.chunking.overlap,
        input.createdBy,
        at,
        at,
      )
      return this.getBase(input.workspaceId, id) as KnowledgeBaseRecord
    },

    /** The base only if it belongs to the workspace: callers never learn foreign ids. */
    getBase(workspaceId: string, id: string): KnowledgeBaseRecord | null {
      const row = db
        .stmt('SELECT * FROM knowledge_bases WHERE id = ? AND workspace_id = ?')
        .get(id, workspaceId)
      return row ? toBase(row) : null
    },

    listBases(workspaceId: string): KnowledgeBaseRecord[] {
      return db
        .stmt('SELECT * FROM knowledge_bases WHERE workspace_id = ? ORDER BY created_at, id')
        .all(workspaceId)
        .map(toBase)
    },

    updateBase(
      id: string,
      patch: { name?: string; description?: string; chunking?: ChunkingSettings },
    ): void {
      db.stmt(
        `UPDATE knowledge_bases SET name = COALESCE(?, name),
           description = COALESCE(?, description), chunk_max_size = COALESCE(?, chunk_max_size),
           chunk_min_size = COALESCE(?, chunk_min_size), chunk_overlap = COALESCE(?, chunk_overlap),
           updated_at = ? WHERE id = ?`,
      ).run(
        patch.name ?? null,
        patch.description ?? null,
        patch.chunking?.maxSize ?? null,
        patch.chunking?.minSize ?? null,
        patch.chunking?.overlap ?? null,
        now(),
        id,
      )
    },

    /** Removes the base with its documents, their bytes and chunks (foreign-key cascade). */
    deleteBase(id: string): void {
      db.stmt('DELETE FROM knowledge_bases WHERE id = ?').run(id)
    },

    createDocument(input: {
      knowledgeBaseId: string
      workspaceId: string
      filename: string
      mimeType: string
      kind: string
      uploadedBy: string
      bytes: Uint8Array
    }): DocumentRecord {
      const id = randomUUID()
      const at = now()
      transaction(db, () => {
        db.stmt(
          `INSERT INTO knowledge_documents (id, knowledge_base_id, workspace_id, filename,
             file_size, mime_type, kind, uploaded_by, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        ).run(
          id,
          input.knowledgeBaseId,
          input.workspaceId,
          input.filename,
          input.bytes.byteLength,
          input.mimeType,
          input.kind,
          input.uploadedBy,
          at,
          at,
        )
        db.stmt('INSERT INTO knowledge_document_contents (document_id, bytes) VALUES (?, ?)').run(
          id,
          input.bytes,
        )
        refreshCounts(input.knowledgeBaseId)
      })
      return this.getDocumentById(id) as DocumentRecord
    },

    getDocumentById(id: string): DocumentRecord | null {
      const row = db.stmt('SELECT * FROM knowledge_documents WHERE id = ?').get(id)
      return row ? toDocument(row) : null
    },

    /** The document only if it belongs to that base. */
    getDocument(knowledgeBaseId: string, id: string): DocumentRecord | null {
      const row = db
        .stmt('SELECT * FROM knowledge_documents WHERE id = ? AND knowledge_base_id = ?')
        .get(id, knowledgeBaseId)
      return row ? toDocument(row) : null
    },

    listDocuments(q: DocumentListQuery): { items: DocumentRecord[]; total: number } {
      const where = ['knowledge_base_id = ?']
      const params: (string | number)[] = [q.knowledgeBaseId]
      if (q.search) {
        where.push("filename LIKE ? ESCAPE '\\'")
        params.push(likePattern(q.search))
      }
      if (q.enabled !== undefined) {
        where.push('enabled = ?')
        params.push(fromBool(q.enabled))
      }
      const filter = where.join(' AND ')
      const dir = q.sortOrder === 'asc' ? 'ASC' : 'DESC'
      const order = `${DOCUMENT_SORT_COLUMNS[q.sortBy]} ${dir}, created_at ${dir}, id ${dir}`
      const total = Number(
        db.stmt(`SELECT COUNT(*) AS n FROM knowledge_documents WHERE ${filter}`).get(...params)?.n,
      )
      const items = db
        .stmt(
          `SELECT * FROM knowledge_documents WHERE ${filter} ORDER BY ${order} LIMIT ? OFFSET ?`,
        )
        .all(...params, q.limit, q.offset)
        .map(toDocument)
      return { items, total }
    },

    /** Not reachable through the spec's API (no toggle endpoint); kept for tools and tests. */
    setEnabled(id: string, enabled: boolean): void {
      db.stmt('UPDATE knowledge_documents SET enabled = ?, updated_at = ? WHERE id = ?').run(
        fromBool(enabled),
        now(),
        id,
      )
    },

    deleteDocument(doc: DocumentRecord): void {
      transaction(db, () => {
        db.stmt('DELETE FROM knowledge_documents WHERE id = ?').run(doc.id)
        refreshCounts(doc.knowledgeBaseId)
      })
    },

    content(id: string): Uint8Array | null {
      const row = db
        .stmt('SELECT bytes FROM knowledge_document_contents WHERE document_id = ?')
        .get(id)
      return row ? (row.bytes as Uint8Array) : null
    },

    /**
     * Claims the oldest document waiting for processing (or whose claim lapsed) in one
     * statement, so two workers can never hold the same document.
     */
    claimNext(leaseMs: number): DocumentRecord | null {
      const at = now()
      const leaseUntil = new Date(Date.parse(at) + leaseMs).toISOString()
      const row = db
        .stmt(
          `UPDATE knowledge_documents SET processing_status = 'processing', claim_token = ?,
             lease_expires_at = ?, processing_started_at = ?, processing_error = NULL,
             updated_at = ?
           WHERE id = (SELECT id FROM knowledge_documents
                       WHERE processing_status = 'pending'
                          OR (processing_status = 'processing' AND lease_expires_at < ?)
                       ORDER BY created_at, id LIMIT 1)
           RETURNING *`,
        )
        .get(randomUUID(), leaseUntil, at, at, at)
      return row ? toDocument(row) : null
    },

    /** At start: claims held by a process that is gone go back to the queue. */
    releaseAllClaims(): number {
      const result = db
        .stmt(
          `UPDATE knowledge_documents SET processing_status = 'pending', claim_token = NULL,
             lease_expires_at = NULL WHERE processing_status = 'processing'`,
        )
        .run()
      return Number(result.changes)
    },

    /** Whether documents wait (pending, or processing with a lapsed claim). */
    hasWork(): boolean {
      return (
        db
          .stmt(
            `SELECT 1 FROM knowledge_documents WHERE processing_status = 'pending'
               OR (processing_status = 'processing' AND lease_expires_at < ?) LIMIT 1`,
          )
          .get(now()) !== undefined
      )
    },

    /**
     * Stores the chunks and counts of a claimed document. False (and nothing written) when
     * the claim is no longer current: the document was deleted or taken over meanwhile.
     */
    complete(doc: DocumentRecord, result: { chunks: NewChunk[]; characterCount: number }): boolean {
      return transaction(db, () => {
        if (!holdsClaim(doc)) return false
        const at = now()
        db.stmt('DELETE FROM knowledge_chunks WHERE document_id = ?').run(doc.id)
        const insert = db.stmt(
          `INSERT INTO knowledge_chunks (id, document_id, knowledge_base_id, chunk_index, content,
             token_count, start_offset, end_offset, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        let tokens = 0
        result.chunks.forEach((chunk, index) => {
          tokens += chunk.tokenCount
          insert.run(
            randomUUID(),
            doc.id,
            doc.knowledgeBaseId,
            index,
            chunk.content,
            chunk.tokenCount,
            chunk.startOffset,
            chunk.endOffset,
            at,
          )
        })
        db.stmt(
          `UPDATE knowledge_documents SET processing_status = 'completed', processing_error = NULL,
             claim_token = NULL, lease_expires_at = NULL, processing_completed_at = ?,
             chunk_count = ?, token_count = ?, character_count = ?, updated_at = ?
           WHERE id = ?`,
        ).run(at, result.chunks.length, tokens, result.characterCount, at, doc.id)
        refreshCounts(doc.knowledgeBaseId)
        return true
      })
    },

    /** Marks a claimed document failed with the reason; false when the claim is gone. */
    fail(doc: DocumentRecord, message: string): boolean {
      return transaction(db, () => {
        if (!holdsClaim(doc)) return false
        const at = now()
        db.stmt('DELETE FROM knowledge_chunks WHERE document_id = ?').run(doc.id)
        db.stmt(
          `UPDATE knowledge_documents SET processing_status = 'failed', processing_error = ?,
             claim_token = NULL, lease_expires_at = NULL, processing_completed_at = ?,
             chunk_count = 0, token_count = 0, character_count = 0, updated_at = ?
           WHERE id = ?`,
        ).run(message, at, at, doc.id)
        refreshCounts(doc.knowledgeBaseId)
        return true
      })
    },

    chunks(documentId: string): ChunkRecord[] {
      return db
        .stmt('SELECT * FROM knowledge_chunks WHERE document_id = ? ORDER BY chunk_index')
        .all(documentId)
        .map(toChunk)
    },
  }

  function holdsClaim(doc: DocumentRecord): boolean {
    const row = db
      .stmt(
        `SELECT 1 FROM knowledge_documents WHERE id = ? AND processing_status = 'processing'
           AND claim_token = ?`,
      )
      .get(doc.id, doc.claimToken)
    return row !== undefined
  }
}

export type KnowledgeRepo = ReturnType<typeof createKnowledgeRepo>
