// Knowledge: bases (create, edit with chunking ranges), their documents (search, enabled
// filter, sort by every allowed column, offset pages), document detail, and uploads whose
// processing status updates until completed or failed.
import { useEffect, useState } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Dialog } from 'radix-ui'
import {
  ArrowDown,
  ArrowUp,
  ArrowUpDown,
  BookOpen,
  ChevronLeft,
  ChevronRight,
  FileUp,
  Pencil,
  Plus,
  Search,
} from 'lucide-react'
import { call } from '../bridge.ts'
import type { KnowledgeBase, KnowledgeDocument } from '../../src-shared/api/index.ts'
import { useScope } from '../queries/connections.ts'
import { queryKeys, type Scope } from '../queries/keys.ts'
import {
  useDocument,
  useDocuments,
  useKnowledgeBase,
  useKnowledgeBases,
  type DocumentsQuery,
} from '../queries/knowledge.ts'
import { navigate, useRoute } from '../state/router.ts'
import { PageHeader } from '../components/page.tsx'
import { EmptyState, ErrorCallout, ErrorState, LoadingState } from '../components/states.tsx'
import { ProcessingChip } from '../components/status-chip.tsx'
import { toast } from '../components/toast.tsx'
import { formatAgo, formatBytes, formatDate, formatNumber } from '../format.ts'
import { readFileAsDataUrl } from '../run/run-input.ts'

/** `1 chunk`, `2 chunks`, `1,024 tokens`. */
const plural = (n: number | null | undefined, word: string) =>
  `${formatNumber(n)} ${n === 1 ? word : `${word}s`}`

const RANGES = {
  maxSize: { min: 100, max: 4000, def: 1024, label: 'Max chunk size', unit: 'tokens' },
  minSize: { min: 1, max: 2000, def: 100, label: 'Min chunk size', unit: 'characters' },
  overlap: { min: 0, max: 500, def: 200, label: 'Overlap', unit: 'tokens' },
} as const
type ChunkKey = keyof typeof RANGES

function KnowledgeBaseForm(props: { scope: Scope; base?: KnowledgeBase; onDone(): void }) {
  const b = props.base
  const [name, setName] = useState(b?.name ?? '')
  const [description, setDescription] = useState(b?.description ?? '')
  // The service does not send a base's chunking back (the spec leaves it out of the response),
  // so when editing, an empty field keeps the stored value instead of resetting it.
  const initial = (k: ChunkKey) => (b ? '' : String(RANGES[k].def))
  const [chunk, setChunk] = useState<Record<ChunkKey, string>>({
    maxSize: initial('maxSize'),
    minSize: initial('minSize'),
    overlap: initial('overlap'),
  })
  const qc = useQueryClient()
  const problems: Partial<Record<ChunkKey, string>> = {}
  for (const k of Object.keys(RANGES) as ChunkKey[]) {
    const r = RANGES[k]
    const n = Number(chunk[k])
    if (b && chunk[k] === '') continue
    if (!/^\d+$/.test(chunk[k]) || n < r.min || n > r.max)
      problems[k] = `Between ${r.min} and ${r.max} ${r.unit}.`
  }
  if (
    !problems.overlap &&
    !problems.maxSize &&
    chunk.overlap !== '' &&
    chunk.maxSize !== '' &&
    Number(chunk.overlap) >= Number(chunk.maxSize)
  ) {
    problems.overlap = 'Must be smaller than the max chunk size.'
  }
  const save = useMutation({
    mutationFn: () => {
      const given = (Object.keys(RANGES) as ChunkKey[]).filter((k) => chunk[k] !== '')
      const chunkingConfig =
        given.length > 0 ? Object.fromEntries(given.map((k) => [k, Number(chunk[k])])) : undefined
      return b
        ? call('knowledge:update', {
            ...props.scope,
            knowledgeBaseId: b.id,
            name,
            description,
            ...(chunkingConfig ? { chunkingConfig } : {}),
          })
        : call('knowledge:create', { ...props.scope, name, description, chunkingConfig })
    },
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: queryKeys.knowledgeList(props.scope) })
      if (b) void qc.invalidateQueries({ queryKey: queryKeys.knowledgeMeta(props.scope, b.id) })
      toast('success', b ? 'Knowledge base saved' : `Created ${name}`)
      props.onDone()
    },
  })
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault()
        if (Object.keys(problems).length === 0) save.mutate()
      }}
    >
      <div className="dialog-body">
        <div className="field">
          <label htmlFor="kb-name">Name</label>
          <input
            id="kb-name"
            className="input"
            required
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="kb-desc">Description</label>
          <textarea
            id="kb-desc"
            className="textarea"
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
        </div>
        <fieldset className="stack tight" style={{ border: 0, padding: 0, margin: 0 }}>
          <legend className="field-label" style={{ marginBottom: 6 }}>
            Chunking
          </legend>
          <div className="field-row">
            {(Object.keys(RANGES) as ChunkKey[]).map((k) => (
              <div className="field" key={k}>
                <label htmlFor={`kb-${k}`}>{RANGES[k].label}</label>
                <input
                  id={`kb-${k}`}
                  className="input"
                  inputMode="numeric"
                  placeholder={b ? 'Unchanged' : undefined}
                  value={chunk[k]}
                  aria-invalid={problems[k] ? 'true' : undefined}
                  aria-describedby={`kb-${k}-hint`}
                  onChange={(e) => setChunk((c) => ({ ...c, [k]: e.target.value }))}
                />
                <span id={`kb-${k}-hint`} className={problems[k] ? 'error' : 'hint'}>
                  {problems[k] ??
                    `${RANGES[k].min}–${RANGES[k].max} ${RANGES[k].unit}${b ? '; empty keeps the current value' : ''}`}
                </span>
              </div>
            ))}
          </div>
        </fieldset>
        {save.error && <ErrorCallout error={save.error} />}
      </div>
      <div className="dialog-footer">
        <Dialog.Close type="button" className="btn">
          Cancel
        </Dialog.Close>
        <button type="submit" className="btn primary" disabled={save.isPending}>
          {b ? 'Save' : 'Create'}
        </button>
      </div>
    </form>
  )
}

function KnowledgeBaseDialog(props: { scope: Scope; base?: KnowledgeBase }) {
  const [open, setOpen] = useState(false)
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className={props.base ? 'btn sm' : 'btn primary'}>
        {props.base ? <Pencil aria-hidden="true" /> : <Plus aria-hidden="true" />}
        {props.base ? 'Edit' : 'New knowledge base'}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay" />
        <Dialog.Content className="dialog" aria-describedby={undefined}>
          <div className="dialog-header">
            <Dialog.Title>
              {props.base ? `Edit ${props.base.name}` : 'New knowledge base'}
            </Dialog.Title>
          </div>
          {open && (
            <KnowledgeBaseForm
              scope={props.scope}
              base={props.base}
              onDone={() => setOpen(false)}
            />
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

function BaseList() {
  const { scope } = useScope()
  const bases = useKnowledgeBases(scope)
  return (
    <div className="page">
      <PageHeader
        title="Knowledge"
        description="Document collections workflows search."
        actions={scope && <KnowledgeBaseDialog scope={scope} />}
      />
      {bases.isLoading ? (
        <LoadingState label="Loading knowledge bases" />
      ) : bases.error ? (
        <div className="card">
          <ErrorState error={bases.error} onRetry={() => bases.refetch()} />
        </div>
      ) : bases.data!.knowledgeBases.length === 0 ? (
        <div className="card">
          <EmptyState
            title="No knowledge bases yet"
            icon={<BookOpen />}
            action={scope && <KnowledgeBaseDialog scope={scope} />}
          >
            Create one and upload documents for your workflows to search.
          </EmptyState>
        </div>
      ) : (
        <div className="card-grid">
          {bases.data!.knowledgeBases.map((kb) => (
            <a
              key={kb.id}
              className="card link stack tight"
              href={`#/knowledge/${encodeURIComponent(kb.id)}`}
            >
              <div className="row">
                <BookOpen aria-hidden="true" />
                <strong>{kb.name}</strong>
              </div>
              {kb.description && <span className="muted">{kb.description}</span>}
              <span className="subtle">
                {plural(kb.docCount, 'document')} · {plural(kb.tokenCount, 'token')}
              </span>
              <span className="subtle mono">{kb.embeddingModel}</span>
            </a>
          ))}
        </div>
      )}
    </div>
  )
}

const SORTABLE: { key: NonNullable<DocumentsQuery['sortBy']>; label: string; num?: boolean }[] = [
  { key: 'filename', label: 'File' },
  { key: 'processingStatus', label: 'Status' },
  { key: 'enabled', label: 'Enabled' },
  { key: 'fileSize', label: 'Size', num: true },
  { key: 'chunkCount', label: 'Chunks', num: true },
  { key: 'tokenCount', label: 'Tokens', num: true },
  { key: 'uploadedAt', label: 'Uploaded' },
]
const PAGE = 25

function Uploader({
  scope,
  kbId,
  onUploaded,
  onError,
}: {
  scope: Scope
  kbId: string
  onUploaded(doc: KnowledgeDocument): void
  /** null when an upload starts (clears the previous problem). */
  onError(error: unknown): void
}) {
  const [busy, setBusy] = useState<string | null>(null)
  return (
    <label className={`btn primary ${busy ? 'disabled' : ''}`}>
      <FileUp aria-hidden="true" /> {busy ? `Uploading ${busy}…` : 'Upload document'}
      <input
        type="file"
        className="visually-hidden"
        aria-label="Document to upload"
        accept=".txt,.md,.markdown,.csv,.json,.html,.htm,text/plain,text/markdown,text/csv,application/json,text/html"
        disabled={!!busy}
        onChange={async (e) => {
          const file = e.target.files?.[0]
          e.target.value = ''
          if (!file) return
          onError(null)
          setBusy(file.name)
          try {
            const read = await readFileAsDataUrl(file)
            const answer = await call('knowledge:upload', {
              ...scope,
              knowledgeBaseId: kbId,
              file: { name: read.name, mime: read.mime, size: read.size, dataUrl: read.data },
            })
            onUploaded(answer.data.document)
          } catch (err) {
            onError(err)
          } finally {
            setBusy(null)
          }
        }}
      />
    </label>
  )
}

function UploadStatus({
  scope,
  kbId,
  doc,
}: {
  scope: Scope
  kbId: string
  doc: KnowledgeDocument
}) {
  const live = useDocument(scope, kbId, doc.id)
  const d = live.data ?? doc
  const qc = useQueryClient()
  const status = d.processingStatus
  useEffect(() => {
    if (status === 'completed' || status === 'failed') {
      void qc.invalidateQueries({ queryKey: queryKeys.documents(scope, kbId) })
      void qc.invalidateQueries({ queryKey: queryKeys.knowledgeMeta(scope, kbId) })
    }
  }, [status, qc, scope, kbId])
  return (
    <li className="row" aria-label={`Upload of ${d.filename}`}>
      <span className="grow truncate">{d.filename}</span>
      <span className="subtle">{formatBytes(d.fileSize)}</span>
      <ProcessingChip status={status} />
      {status === 'completed' && (
        <span className="subtle">
          {plural(d.chunkCount, 'chunk')} · {plural(d.tokenCount, 'token')}
        </span>
      )}
      {status === 'failed' && d.processingError && (
        <span className="danger-text">{d.processingError}</span>
      )}
    </li>
  )
}

function DocumentDialog({ scope, kbId, docId }: { scope: Scope; kbId: string; docId: string }) {
  const doc = useDocument(scope, kbId, docId)
  const d = doc.data
  return (
    <Dialog.Root open onOpenChange={(o) => !o && navigate('knowledge', kbId)}>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay" />
        <Dialog.Content className="dialog" aria-describedby={undefined}>
          <div className="dialog-header">
            <Dialog.Title>{d?.filename ?? 'Document'}</Dialog.Title>
          </div>
          <div className="dialog-body">
            {doc.isLoading ? (
              <LoadingState label="Loading the document" />
            ) : doc.error || !d ? (
              <ErrorCallout error={doc.error} />
            ) : (
              <dl className="meta">
                <dt>Status</dt>
                <dd>
                  <ProcessingChip status={d.processingStatus} />
                </dd>
                {d.processingError && (
                  <>
                    <dt>Problem</dt>
                    <dd className="danger-text">{d.processingError}</dd>
                  </>
                )}
                <dt>Enabled</dt>
                <dd>{d.enabled ? 'Yes' : 'No'}</dd>
                <dt>Type</dt>
                <dd className="mono">{d.mimeType}</dd>
                <dt>Size</dt>
                <dd>{formatBytes(d.fileSize)}</dd>
                <dt>Characters</dt>
                <dd>{formatNumber(d.characterCount)}</dd>
                <dt>Chunks</dt>
                <dd>{formatNumber(d.chunkCount)}</dd>
                <dt>Tokens</dt>
                <dd>{formatNumber(d.tokenCount)}</dd>
                <dt>Uploaded</dt>
                <dd>{formatDate(d.createdAt)}</dd>
                <dt>ID</dt>
                <dd className="mono">{d.id}</dd>
              </dl>
            )}
          </div>
          <div className="dialog-footer">
            <Dialog.Close className="btn">Close</Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

function BaseDetail({ kbId, docId }: { kbId: string; docId?: string }) {
  const { scope } = useScope()
  const base = useKnowledgeBase(scope, kbId)
  const [search, setSearch] = useState('')
  const [debounced, setDebounced] = useState('')
  const [enabledFilter, setEnabledFilter] =
    useState<NonNullable<DocumentsQuery['enabledFilter']>>('all')
  const [sortBy, setSortBy] = useState<NonNullable<DocumentsQuery['sortBy']>>('uploadedAt')
  const [sortOrder, setSortOrder] = useState<'asc' | 'desc'>('desc')
  const [offset, setOffset] = useState(0)
  const [uploads, setUploads] = useState<KnowledgeDocument[]>([])
  const [uploadError, setUploadError] = useState<unknown>(null)
  useEffect(() => {
    const t = setTimeout(() => {
      setDebounced(search.trim())
      setOffset(0)
    }, 250)
    return () => clearTimeout(t)
  }, [search])
  const docs = useDocuments(scope, kbId, {
    limit: PAGE,
    offset,
    ...(debounced ? { search: debounced } : {}),
    enabledFilter,
    sortBy,
    sortOrder,
  })
  const crumbs = [{ label: 'Knowledge', onClick: () => navigate('knowledge') }]
  if (!scope || base.isLoading) {
    return (
      <div className="page">
        <PageHeader title="Knowledge base" crumbs={crumbs} />
        <LoadingState label="Loading the knowledge base" />
      </div>
    )
  }
  if (base.error || !base.data) {
    return (
      <div className="page">
        <PageHeader title="Knowledge base" crumbs={crumbs} />
        <div className="card">
          <ErrorState error={base.error} onRetry={() => base.refetch()} />
        </div>
      </div>
    )
  }
  const kb = base.data
  const sortOn = (key: typeof sortBy) => {
    if (key === sortBy) setSortOrder(sortOrder === 'asc' ? 'desc' : 'asc')
    else {
      setSortBy(key)
      setSortOrder('asc')
    }
    setOffset(0)
  }
  const p = docs.data?.pagination
  const pageNo = Math.floor(offset / PAGE) + 1
  const pages = p ? Math.max(1, Math.ceil(p.total / PAGE)) : 1
  return (
    <div className="page">
      <PageHeader
        crumbs={crumbs}
        title={kb.name}
        description={kb.description || undefined}
        actions={
          <>
            <KnowledgeBaseDialog scope={scope} base={kb} />
            <Uploader
              scope={scope}
              kbId={kbId}
              onUploaded={(d) => setUploads((u) => [d, ...u])}
              onError={setUploadError}
            />
          </>
        }
      />
      <div className="row wrap subtle">
        <span>{plural(kb.docCount, 'document')}</span>·<span>{plural(kb.tokenCount, 'token')}</span>
        ·<span className="mono">{kb.embeddingModel}</span>
      </div>
      {uploadError !== null && <ErrorCallout error={uploadError} title="The upload failed" />}
      {uploads.length > 0 && (
        <section className="card card-body" aria-label="Uploads">
          <ul className="stack tight" style={{ margin: 0, padding: 0, listStyle: 'none' }}>
            {uploads.map((d) => (
              <UploadStatus key={d.id} scope={scope} kbId={kbId} doc={d} />
            ))}
          </ul>
        </section>
      )}
      <div className="toolbar">
        <div className="field grow">
          <label htmlFor="doc-search">Search file names</label>
          <div className="search">
            <Search aria-hidden="true" />
            <input
              id="doc-search"
              type="search"
              className="input"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
        </div>
        <div className="field">
          <label htmlFor="doc-enabled">Show</label>
          <select
            id="doc-enabled"
            className="select"
            value={enabledFilter}
            onChange={(e) => {
              setEnabledFilter(e.target.value as typeof enabledFilter)
              setOffset(0)
            }}
          >
            <option value="all">All documents</option>
            <option value="enabled">Enabled only</option>
            <option value="disabled">Disabled only</option>
          </select>
        </div>
      </div>
      <div className="table-wrap">
        {docs.isLoading ? (
          <LoadingState label="Loading documents" />
        ) : docs.error ? (
          <ErrorState error={docs.error} onRetry={() => docs.refetch()} />
        ) : docs.data!.documents.length === 0 ? (
          <EmptyState
            title={
              debounced || enabledFilter !== 'all' ? 'No document matches' : 'No documents yet'
            }
            icon={<BookOpen />}
          >
            {debounced || enabledFilter !== 'all'
              ? 'Try another search or filter.'
              : 'Upload a document to start.'}
          </EmptyState>
        ) : (
          <table className="data" aria-label="Documents">
            <thead>
              <tr>
                {SORTABLE.map((s) => (
                  <th
                    key={s.key}
                    scope="col"
                    className={s.num ? 'num' : undefined}
                    aria-sort={
                      sortBy === s.key ? (sortOrder === 'asc' ? 'ascending' : 'descending') : 'none'
                    }
                  >
                    <button type="button" className="sort-btn" onClick={() => sortOn(s.key)}>
                      {s.label}
                      {sortBy === s.key ? (
                        sortOrder === 'asc' ? (
                          <ArrowUp aria-hidden="true" />
                        ) : (
                          <ArrowDown aria-hidden="true" />
                        )
                      ) : (
                        <ArrowUpDown aria-hidden="true" className="faint" />
                      )}
                    </button>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {docs.data!.documents.map((d) => (
                <tr key={d.id}>
                  <td>
                    <a
                      className="row-link"
                      href={`#/knowledge/${encodeURIComponent(kbId)}/${encodeURIComponent(d.id)}`}
                    >
                      {d.filename}
                    </a>
                  </td>
                  <td>
                    <ProcessingChip status={d.processingStatus} />
                  </td>
                  <td>{d.enabled ? 'Yes' : 'No'}</td>
                  <td className="num">{formatBytes(d.fileSize)}</td>
                  <td className="num">{formatNumber(d.chunkCount)}</td>
                  <td className="num">{formatNumber(d.tokenCount)}</td>
                  <td className="muted nowrap">{formatAgo(d.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      {p && p.total > 0 && (
        <nav className="row between" aria-label="Document pages">
          <span className="subtle">
            {formatNumber(offset + 1)}–{formatNumber(Math.min(offset + PAGE, p.total))} of{' '}
            {formatNumber(p.total)}
          </span>
          <div className="row">
            <button
              type="button"
              className="btn sm"
              disabled={offset === 0}
              onClick={() => setOffset(Math.max(0, offset - PAGE))}
            >
              <ChevronLeft aria-hidden="true" /> Previous
            </button>
            <span className="subtle">
              Page {pageNo} of {pages}
            </span>
            <button
              type="button"
              className="btn sm"
              disabled={!p.hasMore}
              onClick={() => setOffset(offset + PAGE)}
            >
              Next <ChevronRight aria-hidden="true" />
            </button>
          </div>
        </nav>
      )}
      {docId && <DocumentDialog scope={scope} kbId={kbId} docId={docId} />}
    </div>
  )
}

export function KnowledgeScreen() {
  const route = useRoute()
  const [kbId, docId] = route.params
  return kbId ? <BaseDetail key={kbId} kbId={kbId} docId={docId} /> : <BaseList />
}
