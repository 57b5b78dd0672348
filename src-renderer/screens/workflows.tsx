// Workflows: a searchable list (deployed-only and folder filters, "load more" by cursor);
// `#/workflows/<id>` opens one with its inputs and the run panel.
import { useMemo, useState } from 'react'
import { Search, Workflow } from 'lucide-react'
import { useScope } from '../queries/connections.ts'
import { useWorkflowPages } from '../queries/workflows.ts'
import { navigate, useRoute } from '../state/router.ts'
import { PageHeader } from '../components/page.tsx'
import { EmptyState, ErrorState, LoadingState } from '../components/states.tsx'
import { DeployChip } from '../components/status-chip.tsx'
import { formatAgo } from '../format.ts'
import { WorkflowDetailScreen } from './workflow-detail.tsx'

function WorkflowList() {
  const { scope, connection } = useScope()
  const [search, setSearch] = useState('')
  const [deployedOnly, setDeployedOnly] = useState(false)
  const [folderId, setFolderId] = useState('')
  const filters = useMemo(() => ({ deployedOnly, folderId }), [deployedOnly, folderId])
  const pages = useWorkflowPages(scope, filters)
  const all = pages.data?.pages.flatMap((p) => p.data) ?? []
  const needle = search.trim().toLowerCase()
  const shown = needle
    ? all.filter((w) => w.name.toLowerCase().includes(needle) || w.id.includes(needle))
    : all
  return (
    <div className="page">
      <PageHeader
        title="Workflows"
        description={
          connection ? `Deployed workflows you can run on ${connection.name}.` : undefined
        }
      />
      <div className="toolbar">
        <div className="field grow">
          <label htmlFor="wf-search">Search</label>
          <div className="search">
            <Search aria-hidden="true" />
            <input
              id="wf-search"
              className="input"
              type="search"
              placeholder="Name or ID"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
        </div>
        <div className="field">
          <label htmlFor="wf-folder">Folder ID</label>
          <input
            id="wf-folder"
            className="input mono"
            placeholder="Any folder"
            value={folderId}
            onChange={(e) => setFolderId(e.target.value)}
          />
        </div>
        <label className="check" style={{ height: 32 }}>
          <input
            type="checkbox"
            checked={deployedOnly}
            onChange={(e) => setDeployedOnly(e.target.checked)}
          />
          Deployed only
        </label>
      </div>
      <section
        className="table-wrap"
        aria-label={connection ? `Workflows on ${connection.name}` : 'Workflows'}
      >
        {pages.isLoading ? (
          <LoadingState label="Loading workflows" />
        ) : pages.error ? (
          <ErrorState error={pages.error} onRetry={() => pages.refetch()} />
        ) : shown.length === 0 ? (
          <EmptyState
            title={all.length ? 'No workflow matches' : 'No workflows here yet'}
            icon={<Workflow />}
          >
            {all.length
              ? 'Try another name, or clear the filters.'
              : 'Workflows deployed in this workspace appear here.'}
          </EmptyState>
        ) : (
          <table className="data">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Status</th>
                <th scope="col">Updated</th>
                <th scope="col">ID</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((w) => (
                <tr key={w.id}>
                  <td>
                    <a className="row-link" href={`#/workflows/${encodeURIComponent(w.id)}`}>
                      {w.name}
                    </a>
                  </td>
                  <td>
                    <DeployChip deployed={w.isDeployed} />
                  </td>
                  <td className="muted nowrap">{formatAgo(w.updatedAt)}</td>
                  <td className="mono subtle">{w.id}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      {pages.hasNextPage && (
        <div className="row" style={{ justifyContent: 'center' }}>
          <button
            type="button"
            className="btn"
            onClick={() => pages.fetchNextPage()}
            disabled={pages.isFetchingNextPage}
          >
            {pages.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </button>
        </div>
      )}
    </div>
  )
}

export function WorkflowsScreen() {
  const route = useRoute()
  const id = route.params[0]
  if (id)
    return <WorkflowDetailScreen key={id} workflowId={id} onBack={() => navigate('workflows')} />
  return <WorkflowList />
}
