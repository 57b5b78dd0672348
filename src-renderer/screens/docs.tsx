// Docs: the workspace's files, by scope (active / archived / all) and folder.
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Download, FileText } from 'lucide-react'
import { call } from '../bridge.ts'
import { DocsListSchema, parseAnswer } from '../api/shapes.ts'
import { useScope } from '../queries/connections.ts'
import { queryKeys } from '../queries/keys.ts'
import { PageHeader } from '../components/page.tsx'
import { EmptyState, ErrorState, LoadingState } from '../components/states.tsx'
import { formatAgo, formatBytes } from '../format.ts'

type DocScope = 'active' | 'archived' | 'all'
const SCOPES: { value: DocScope; label: string }[] = [
  { value: 'active', label: 'Active' },
  { value: 'archived', label: 'Archived' },
  { value: 'all', label: 'All' },
]

export function DocsScreen() {
  const { scope } = useScope()
  const [docScope, setDocScope] = useState<DocScope>('active')
  const [folderId, setFolderId] = useState('')
  const q = { scope: docScope, folderId: folderId.trim() }
  const files = useQuery({
    queryKey: scope ? queryKeys.docs(scope, q) : ['no-scope'],
    enabled: !!scope,
    placeholderData: (prev) => prev,
    queryFn: async () =>
      parseAnswer(
        DocsListSchema,
        await call('docs:list', {
          ...scope!,
          scope: q.scope,
          ...(q.folderId ? { folderId: q.folderId } : {}),
        }),
        'the file list',
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
                  <td className="muted">{f.uploadedBy}</td>
                  <td>
                    {/* Waiting on a docs:download bridge channel (main fetches the bytes and saves them). */}
                    <button
                      type="button"
                      className="btn sm"
                      disabled
                      title="Downloading arrives with the next Flowdeck core update"
                      aria-label={`Download ${f.name} (not available yet)`}
                    >
                      <Download aria-hidden="true" /> Download
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      {files.data && (
        <p className="subtle">
          {files.data.totalCount ?? files.data.files.length} file(s). Downloading needs a Flowdeck
          update that lets the app fetch file contents; until then open files from the service’s own
          site.
        </p>
      )}
    </div>
  )
}
