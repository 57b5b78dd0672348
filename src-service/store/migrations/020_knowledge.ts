// Knowledge bases, their documents and the chunks processing cuts documents into.
// doc_count/token_count on the base are roll-ups kept in step by the repository in the same
// transaction as every document change. A document's bytes live in their own table so listings
// never page through them. claim_token names the current `processing` claim; lease_expires_at
// is when that claim counts as abandoned and another worker may take the document over.
export const sql = `
CREATE TABLE knowledge_bases (
  id TEXT PRIMARY KEY,
  workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  embedding_model TEXT NOT NULL,
  chunk_max_size INTEGER NOT NULL,
  chunk_min_size INTEGER NOT NULL,
  chunk_overlap INTEGER NOT NULL,
  doc_count INTEGER NOT NULL DEFAULT 0,
  token_count INTEGER NOT NULL DEFAULT 0,
  created_by TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX knowledge_bases_workspace ON knowledge_bases(workspace_id, created_at);

CREATE TABLE knowledge_documents (
  id TEXT PRIMARY KEY,
  knowledge_base_id TEXT NOT NULL REFERENCES knowledge_bases(id) ON DELETE CASCADE,
  workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  filename TEXT NOT NULL,
  file_size INTEGER NOT NULL,
  mime_type TEXT NOT NULL,
  kind TEXT NOT NULL,
  processing_status TEXT NOT NULL DEFAULT 'pending',
  processing_error TEXT,
  claim_token TEXT,
  lease_expires_at TEXT,
  processing_started_at TEXT,
  processing_completed_at TEXT,
  chunk_count INTEGER NOT NULL DEFAULT 0,
  token_count INTEGER NOT NULL DEFAULT 0,
  character_count INTEGER NOT NULL DEFAULT 0,
  enabled INTEGER NOT NULL DEFAULT 1,
  uploaded_by TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX knowledge_documents_base ON knowledge_documents(knowledge_base_id, created_at);
CREATE INDEX knowledge_documents_unfinished ON knowledge_documents(processing_status, created_at)
  WHERE processing_status IN ('pending', 'processing');

CREATE TABLE knowledge_document_contents (
  document_id TEXT PRIMARY KEY REFERENCES knowledge_documents(id) ON DELETE CASCADE,
  bytes BLOB NOT NULL
);

CREATE TABLE knowledge_chunks (
  id TEXT PRIMARY KEY,
  document_id TEXT NOT NULL REFERENCES knowledge_documents(id) ON DELETE CASCADE,
  knowledge_base_id TEXT NOT NULL REFERENCES knowledge_bases(id) ON DELETE CASCADE,
  chunk_index INTEGER NOT NULL,
  content TEXT NOT NULL,
  token_count INTEGER NOT NULL,
  start_offset INTEGER NOT NULL,
  end_offset INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  UNIQUE (document_id, chunk_index)
);
CREATE INDEX knowledge_chunks_base ON knowledge_chunks(knowledge_base_id);
`
