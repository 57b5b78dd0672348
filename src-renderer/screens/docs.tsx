// Docs: the workspace's files, by scope (active / archived / all) and folder, and downloads.
import { useState } from 'react'
import { useMutation, useQuery } from '@tanstack/react-query'
import { Download, FileText } from 'lucide-react'
import { call } from '../bridge.ts'
import type { DocsScope, WorkspaceFile } from '../../src-shared/api/index.ts'
import { errorWords } from '../api/errors.ts'
import { useScope } from '../queries/connections.ts'
import { queryKeys, type Scope } from '../queries/keys.ts'
import { PageHeader } from '../components/page.tsx'
import { EmptyState, ErrorState, LoadingState } from '../components/states.tsx'
import { toast } from '../components/toast.tsx'
import { formatAgo, formatBytes } from '../format.ts'

const SCOPES: { value: DocsScope; label: string }[] = [
  { value: 'active', label: 'Active' },
  { value: 'archived', label: 'Archived' },
  { value: 'all', label: 'All' },
]

/**
 * Browser mode: main handed the bytes over; offer them as a download. Always typed as plain
 * bytes, so an uploaded HTML or SVG file is saved, never rendered in Flowdeck's own page.
 */
function saveInPage(name: string, base64: string) {
  const binary = atob(base64)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  const url = URL.createObjectURL(new Blob([bytes], { type: 'application/octet-stream' }))
  const link = document.createElement('a')
  link.href = url
  link.download = name
  link.rel = 'noopener'
  document.body.append(link)
  link.click()
  link.remove()
  // The browser has taken the URL once click() returns; free it on the next turn.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

function DownloadButton({ scope, file }: { scope: Scope; file: WorkspaceFile }) {
  const download = useMutation({
    mutationFn: () => call('docs:download', { ...scope, fileId: file.id }),
    onSuccess: (answer) => {
      if (answer.kind === 'bytes') saveInPage(answer.name, answer.base64)
      else if (answer.saved) toast('success', `Saved ${answer.name}`)
    },
    onError: (err) => toast('error', `Could not download ${file.name}`, errorWords(err).message),
  })
  return (
    <button
      type="button"
      className="btn sm"
      disabled={download.isPending}
      aria-label={`Download ${file.name}`}
      onClick={() => download.mutate()}
    >
      {download.isPending ? (
        <span className="spinner" aria-hidden="true" />
      ) : (
        <Download aria-hidden="true" />
      )}
      {download.isPending ? 'Downloading…' : 'Download'}
    </button>
  )
}

export function DocsScreen() {
  const { scope } = useScope()
  const [docScope, setDocScope] = useState<DocsScope>('active')
  const [folderId, setFolderId] = useState('')
  const q = { scope: docScope, folderId: folderId.trim() }
  const files = useQuery({
    queryKey: scope ? queryKeys.docs(scope, q) : ['no-scope'],
    enabled: !!scope,
    placeholderData: (prev) => prev,
    queryFn: async () =>
      (
        await call('docs:list', {
          ...scope!,
          scope: q.scope,
          ...(q.folderId ? { folderId: q.folderId } : {}),
        })
      ).data,
  })
  return (
    <div className="page">
      <PageHeader title="Docs" description="Files stored in this workspace." />
      <div className="toolbar">
        <div className="field">
          <span className="field-label" id="docs-scope">
            Scope
          </span>
          <div className="segmented" role="radiogroup" aria-labelledby="docs-scope">
            {SCOPES.map((s) => (
              <button
                key={s.value}
                type="button"
                role="radio"
                aria-checked={docScope === s.value}
                onClick={() => setDocScope(s.value)}
              >
                {s.label}
              </button>
            ))}
          </div>
        </div>
        <div className="field">
          <label htmlFor="docs-folder">Folder ID</label>
          <input
            id="docs-folder"
            className="input mono"
            placeholder="Whole workspace"
            value={folderId}
            onChange={(e) => setFolderId(e.target.value)}
          />
        </div>
      </div>
      <div className="table-wrap">
        {files.isLoading ? (
          <LoadingState label="Loading files" />
        ) : files.error ? (
          <ErrorState error={files.error} onRetry={() => files.refetch()} />
        ) : files.data!.files.length === 0 ? (
          <EmptyState
            title={docScope === 'archived' ? 'No archived files' : 'No files here'}
            icon={<FileText />}
          >
            Files uploaded to this workspace appear here.
          </EmptyState>
        ) : (
          <table className="data" aria-label="Files">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Type</th>
                <th scope="col" className="num">
                  Size
                </th>
                <th scope="col">Uploaded</th>
                <th scope="col">By</th>
                <th scope="col">
                  <span className="visually-hidden">Download</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {files.data!.files.map((f) => (
                <tr key={f.id}>
                  <td>
                    <span className="row">
                      <FileText aria-hidden="true" className="faint" /> {f.name}
                      {f.archivedAt && <span className="chip plain">archived</span>}
                    </span>
                  </td>
                  <td className="mono subtle">{f.type}</td>
                  <td className="num">{formatBytes(f.size)}</td>
                  <td className="muted nowrap">{formatAgo(f.uploadedAt)}</td>
                  {/* The service names the uploader by user id only: its start is enough to tell
                      people apart, the whole id is in the tooltip. */}
                  <td className="muted mono" title={f.uploadedBy ?? undefined}>
                    {f.uploadedBy && f.uploadedBy.length > 10
                      ? `${f.uploadedBy.slice(0, 8)}…`
                      : f.uploadedBy}
                  </td>
                  <td className="num">
                    <DownloadButton scope={scope!} file={f} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      {files.data && files.data.files.length > 0 && (
        <p className="subtle">
          {files.data.totalCount ?? files.data.files.length}{' '}
          {(files.data.totalCount ?? files.data.files.length) === 1 ? 'file' : 'files'}
        </p>
      )}
    </div>
  )
}
