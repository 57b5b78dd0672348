// Execution logs: filters (workflow, level, dates, order), cursor pages, and a detail panel.
import { useMemo, useState } from 'react'
import { ScrollText, X } from 'lucide-react'
import { useScope } from '../queries/connections.ts'
import { useWorkflowPages } from '../queries/workflows.ts'
import { useLog, useLogPages, type LogFilters } from '../queries/lists.ts'
import { navigate, useRoute } from '../state/router.ts'
import { PageHeader } from '../components/page.tsx'
import { EmptyState, ErrorCallout, ErrorState, LoadingState } from '../components/states.tsx'
import { JsonActions, JsonTree } from '../components/json-tree.tsx'
import { toIso } from '../components/date-range.ts'
import { formatDate, formatDuration, formatMoney } from '../format.ts'

function LevelChip({ level }: { level: string }) {
  return <span className={`chip ${level === 'error' ? 'danger' : 'info'}`}>{level}</span>
}

function LogDetail({ id, names }: { id: string; names: Map<string, string> }) {
  const { scope } = useScope()
  const log = useLog(scope, id)
  const d = log.data
  return (
    <section className="card" aria-label="Log entry">
      <div className="card-header">
        <h2>
          {d?.workflow?.name ??
            (d?.workflowId ? names.get(d.workflowId) : undefined) ??
            'Log entry'}
        </h2>
        <button
          type="button"
          className="btn ghost sm icon"
          aria-label="Close"
          onClick={() => navigate('logs')}
        >
          <X aria-hidden="true" />
        </button>
      </div>
      <div className="card-body stack">
        {log.isLoading ? (
          <LoadingState label="Loading the log entry" />
        ) : log.error || !d ? (
          <ErrorCallout error={log.error} />
        ) : (
          <>
            <dl className="meta">
              <dt>Level</dt>
              <dd>
                <LevelChip level={d.level} />
              </dd>
              <dt>Trigger</dt>
              <dd>{d.trigger ?? '—'}</dd>
              <dt>Started</dt>
              <dd>{formatDate(d.startedAt)}</dd>
              <dt>Ended</dt>
              <dd>{formatDate(d.endedAt)}</dd>
              <dt>Duration</dt>
              <dd>{formatDuration(d.totalDurationMs)}</dd>
              <dt>Cost</dt>
              <dd>{formatMoney(d.cost?.total)}</dd>
              <dt>Execution</dt>
              <dd className="mono">{d.executionId ?? '—'}</dd>
            </dl>
            {d.executionData !== undefined && (
              <div className="stack tight">
                <div className="row between">
                  <h3>Execution data</h3>
                  <JsonActions value={d.executionData} fileName={`log-${d.id}.json`} />
                </div>
                <JsonTree value={d.executionData} label="Execution data" />
              </div>
            )}
          </>
        )}
      </div>
    </section>
  )
}

export function LogsScreen() {
  const { scope } = useScope()
  const route = useRoute()
  const selected = route.params[0] ?? null
  const [workflowId, setWorkflowId] = useState('')
  const [level, setLevel] = useState<'' | 'info' | 'error'>('')
  const [start, setStart] = useState('')
  const [end, setEnd] = useState('')
  const [order, setOrder] = useState<'desc' | 'asc'>('desc')
  const filters: LogFilters = useMemo(
    () => ({
      limit: 50,
      order,
      ...(workflowId ? { workflowIds: [workflowId] } : {}),
      ...(level ? { level } : {}),
      ...(toIso(start) ? { startDate: toIso(start) } : {}),
      ...(toIso(end) ? { endDate: toIso(end) } : {}),
    }),
    [workflowId, level, start, end, order],
  )
  const pages = useLogPages(scope, filters)
  const workflows = useWorkflowPages(scope, { deployedOnly: false, folderId: '' }, 100)
  const names = new Map(
    (workflows.data?.pages.flatMap((p) => p.data) ?? []).map((w) => [w.id, w.name]),
  )
  const entries = pages.data?.pages.flatMap((p) => p.data) ?? []
  const filtered = !!(workflowId || level || start || end)
  return (
    <div className="page">
      <PageHeader title="Logs" description="What ran, when, how long it took and what it cost." />
      <div className="toolbar">
        <div className="field">
          <label htmlFor="log-wf">Workflow</label>
          <select
            id="log-wf"
            className="select"
            value={workflowId}
            onChange={(e) => setWorkflowId(e.target.value)}
          >
            <option value="">All workflows</option>
            {[...names].map(([id, name]) => (
              <option key={id} value={id}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="log-level">Level</label>
          <select
            id="log-level"
            className="select"
            value={level}
            onChange={(e) => setLevel(e.target.value as typeof level)}
          >
            <option value="">Any</option>
            <option value="info">Info</option>
            <option value="error">Error</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="log-start">From</label>
          <input
            id="log-start"
            type="datetime-local"
            className="input"
            value={start}
            onChange={(e) => setStart(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="log-end">To</label>
          <input
            id="log-end"
            type="datetime-local"
            className="input"
            value={end}
            onChange={(e) => setEnd(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="log-order">Order</label>
          <select
            id="log-order"
            className="select"
            value={order}
            onChange={(e) => setOrder(e.target.value as typeof order)}
          >
            <option value="desc">Newest first</option>
            <option value="asc">Oldest first</option>
          </select>
        </div>
      </div>
      <div className={selected ? 'split wide-list' : ''}>
        <div className="stack">
          <div className="table-wrap">
            {pages.isLoading ? (
              <LoadingState label="Loading logs" />
            ) : pages.error ? (
              <ErrorState error={pages.error} onRetry={() => pages.refetch()} />
            ) : entries.length === 0 ? (
              <EmptyState
                title={filtered ? 'No log matches' : 'No runs logged yet'}
                icon={<ScrollText />}
              >
                {filtered ? 'Try other filters.' : 'Each workflow run leaves an entry here.'}
              </EmptyState>
            ) : (
              <table className="data" aria-label="Execution logs">
                <thead>
                  <tr>
                    <th scope="col">Started</th>
                    <th scope="col">Workflow</th>
                    <th scope="col">Level</th>
                    {/* With an entry open beside the list, the trigger is in the entry. */}
                    {!selected && <th scope="col">Trigger</th>}
                    <th scope="col" className="num">
                      Duration
                    </th>
                    <th scope="col" className="num">
                      Cost
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {entries.map((l) => (
                    <tr key={l.id} aria-selected={l.id === selected}>
                      <td className="nowrap">
                        <button
                          type="button"
                          className="row-link"
                          onClick={() => navigate('logs', l.id)}
                        >
                          {formatDate(l.startedAt)}
                        </button>
                      </td>
                      <td>
                        {(l.workflowId && names.get(l.workflowId)) ?? (
                          <span className="mono subtle">{l.workflowId}</span>
                        )}
                      </td>
                      <td>
                        <LevelChip level={l.level} />
                      </td>
                      {!selected && <td className="muted">{l.trigger}</td>}
                      <td className="num">{formatDuration(l.totalDurationMs)}</td>
                      <td className="num">{formatMoney(l.cost?.total)}</td>
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
        {selected && <LogDetail key={selected} id={selected} names={names} />}
      </div>
    </div>
  )
}
