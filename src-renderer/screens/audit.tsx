// Audit: the organization's audit log with filters and a detail panel. A 403 is explained:
// the service shows it only to Enterprise organizations, to admins and owners, through an
// unscoped personal key.
import { useMemo, useState } from 'react'
import { Lock, ShieldCheck, X } from 'lucide-react'
import { useScope } from '../queries/connections.ts'
import { useAuditEntry, useAuditPages, type AuditFilters } from '../queries/lists.ts'
import { navigate, useRoute } from '../state/router.ts'
import { isForbidden } from '../api/errors.ts'
import { PageHeader } from '../components/page.tsx'
import { EmptyState, ErrorCallout, ErrorState, LoadingState } from '../components/states.tsx'
import { JsonTree } from '../components/json-tree.tsx'
import { toIso } from '../components/date-range.ts'
import { formatDate } from '../format.ts'

function Forbidden({ keyType, message }: { keyType?: string; message: string }) {
  return (
    <div className="state warning" role="alert">
      <div className="state-icon" aria-hidden="true">
        <Lock />
      </div>
      <h3>The audit log is not open to this key</h3>
      <p>The service shows audit logs only when all three hold:</p>
      <ul className="requirements">
        <li>the organization has an Enterprise subscription,</li>
        <li>you are an admin or owner of the organization,</li>
        <li>the connection uses a personal API key without scope limits.</li>
      </ul>
      <p>
        {keyType && keyType !== 'personal'
          ? `This connection uses ${keyType === 'organization' ? 'an organization' : 'a workspace'} key, which is always refused here. Add a connection with your personal key to see the audit log.`
          : 'Check your role and plan with an organization owner.'}
      </p>
      <p className="subtle">The service said: {message}</p>
    </div>
  )
}

function AuditDetail({ id }: { id: string }) {
  const { scope } = useScope()
  const entry = useAuditEntry(scope, id)
  const e = entry.data
  return (
    <section className="card" aria-label="Audit entry">
      <div className="card-header">
        <h2 className="mono">{e?.action ?? 'Audit entry'}</h2>
        <button
          type="button"
          className="btn ghost sm icon"
          aria-label="Close"
          onClick={() => navigate('audit')}
        >
          <X aria-hidden="true" />
        </button>
      </div>
      <div className="card-body stack">
        {entry.isLoading ? (
          <LoadingState label="Loading the audit entry" />
        ) : entry.error || !e ? (
          <ErrorCallout error={entry.error} />
        ) : (
          <>
            <dl className="meta">
              <dt>When</dt>
              <dd>{formatDate(e.createdAt)}</dd>
              <dt>Who</dt>
              <dd>
                {e.actorName ?? '—'}{' '}
                {e.actorEmail && <span className="subtle">&lt;{e.actorEmail}&gt;</span>}
              </dd>
              <dt>Actor ID</dt>
              <dd className="mono">{e.actorId}</dd>
              <dt>Resource</dt>
              <dd>
                {e.resourceType} <span className="mono subtle">{e.resourceId}</span>
              </dd>
              <dt>Entry ID</dt>
              <dd className="mono">{e.id}</dd>
            </dl>
            <h3>Metadata</h3>
            <JsonTree value={e.metadata ?? {}} label="Metadata" />
          </>
        )}
      </div>
    </section>
  )
}

export function AuditScreen() {
  const { scope, connection } = useScope()
  const route = useRoute()
  const selected = route.params[0] ?? null
  const [action, setAction] = useState('')
  const [resourceType, setResourceType] = useState('')
  const [actorId, setActorId] = useState('')
  const [start, setStart] = useState('')
  const [end, setEnd] = useState('')
  const filters: AuditFilters = useMemo(
    () => ({
      limit: 50,
      ...(action.trim() ? { action: action.trim() } : {}),
      ...(resourceType.trim() ? { resourceType: resourceType.trim() } : {}),
      ...(actorId.trim() ? { actorId: actorId.trim() } : {}),
      ...(toIso(start) ? { startDate: toIso(start) } : {}),
      ...(toIso(end) ? { endDate: toIso(end) } : {}),
    }),
    [action, resourceType, actorId, start, end],
  )
  const pages = useAuditPages(scope, filters)
  const entries = pages.data?.pages.flatMap((p) => p.data) ?? []
  const filtered = Object.keys(filters).length > 1
  return (
    <div className="page">
      <PageHeader title="Audit" description="Who changed what in the organization, newest first." />
      <div className="toolbar">
        <div className="field">
          <label htmlFor="audit-action">Action</label>
          <input
            id="audit-action"
            className="input mono"
            placeholder="workflow.deployed"
            value={action}
            onChange={(e) => setAction(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="audit-type">Resource type</label>
          <input
            id="audit-type"
            className="input mono"
            placeholder="workflow"
            value={resourceType}
            onChange={(e) => setResourceType(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="audit-actor">Actor ID</label>
          <input
            id="audit-actor"
            className="input mono"
            value={actorId}
            onChange={(e) => setActorId(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="audit-start">From</label>
          <input
            id="audit-start"
            type="datetime-local"
            className="input"
            value={start}
            onChange={(e) => setStart(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="audit-end">To</label>
          <input
            id="audit-end"
            type="datetime-local"
            className="input"
            value={end}
            onChange={(e) => setEnd(e.target.value)}
          />
        </div>
      </div>
      <div className={selected && !pages.error ? 'split' : ''}>
        <div className="stack">
          <div className="table-wrap">
            {pages.isLoading ? (
              <LoadingState label="Loading the audit log" />
            ) : pages.error ? (
              isForbidden(pages.error) ? (
                <Forbidden keyType={connection?.keyType} message={(pages.error as Error).message} />
              ) : (
                <ErrorState error={pages.error} onRetry={() => pages.refetch()} />
              )
            ) : entries.length === 0 ? (
              <EmptyState
                title={filtered ? 'No entry matches' : 'Nothing audited yet'}
                icon={<ShieldCheck />}
              >
                {filtered
                  ? 'Try other filters.'
                  : 'Deploys, key changes and data changes are recorded here.'}
              </EmptyState>
            ) : (
              <table className="data" aria-label="Audit entries">
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">Action</th>
                    <th scope="col">Who</th>
                    <th scope="col">Resource</th>
                  </tr>
                </thead>
                <tbody>
                  {entries.map((e) => (
                    <tr key={e.id} aria-selected={e.id === selected}>
                      <td className="nowrap">
                        <button
                          type="button"
                          className="row-link"
                          onClick={() => navigate('audit', e.id)}
                        >
                          {formatDate(e.createdAt)}
                        </button>
                      </td>
                      <td>
                        <span className="chip plain mono">{e.action}</span>
                      </td>
                      <td className="nowrap">{e.actorName ?? e.actorEmail ?? e.actorId}</td>
                      <td className="muted">
                        {e.resourceType}{' '}
                        <span className="mono subtle">{e.resourceId?.slice(0, 8)}</span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </div>
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
        {selected && !pages.error && <AuditDetail key={selected} id={selected} />}
      </div>
    </div>
  )
}
