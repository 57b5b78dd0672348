// Jobs: every run Flowdeck tracks in the background, with its state, progress against the
// estimate, the output or error, and resume / cancel / forget.
import { useState } from 'react'
import { CircleStop, History, ListChecks, RefreshCw, Trash2, X } from 'lucide-react'
import type { TrackedJob } from '../../src-shared/bridge.ts'
import { isLive, useJobActions, useJobs } from '../queries/jobs.ts'
import { navigate, useRoute } from '../state/router.ts'
import { PageHeader } from '../components/page.tsx'
import { EmptyState, ErrorCallout, ErrorState, LoadingState } from '../components/states.tsx'
import { JobChip } from '../components/status-chip.tsx'
import { JsonActions, JsonTree } from '../components/json-tree.tsx'
import { Confirm } from '../components/confirm.tsx'
import { JobProgress, ResumeForm } from '../run/job-parts.tsx'
import { formatAgo, formatDate } from '../format.ts'

const MODE_WORDS: Record<TrackedJob['mode'], string> = {
  async: 'Started in the background',
  'sync-pending': 'A late result, followed as a job',
  'result-unavailable': 'Result was unavailable, followed as a job',
  'stream-broken': 'A broken stream, followed as a job',
}

function JobDetail({ job, onClose }: { job: TrackedJob; onClose(): void }) {
  const actions = useJobActions()
  const [confirmForget, setConfirmForget] = useState(false)
  return (
    <section className="card" aria-label={`Job ${job.workflowName ?? job.workflowId}`}>
      <div className="card-header">
        <div className="row">
          <h2>{job.workflowName ?? 'Run'}</h2>
          <JobChip state={job.state} serviceStatus={job.serviceStatus} />
        </div>
        <button type="button" className="btn ghost sm icon" aria-label="Close" onClick={onClose}>
          <X aria-hidden="true" />
        </button>
      </div>
      <div className="card-body stack">
        <JobProgress job={job} />
        {job.fromRunHistory && (
          <div className="callout info">
            <History aria-hidden="true" />
            <div>
              From run history: the service’s full record has expired (7 days), so this is the kept
              summary. The output may be shortened and has secrets removed.
            </div>
          </div>
        )}
        {job.state === 'expired' && (
          <div className="callout warning">
            <History aria-hidden="true" />
            <div>
              Expired: the service no longer knows this run (its history is deleted 30 days after it
              finishes). What Flowdeck saw last is below.
            </div>
          </div>
        )}
        {job.state === 'failed' && (
          <div className="callout danger" role="alert">
            <div>
              <strong>The workflow failed</strong>
              <div>{job.error ?? 'The service did not say why.'}</div>
            </div>
          </div>
        )}
        {job.state === 'paused' && (
          <ResumeForm
            connectionId={job.connectionId}
            workflowId={job.workflowId}
            executionId={job.executionId}
            output={job.output}
            contextId={job.contextId}
            prompt={job.prompt}
            onResumed={() => actions.refresh.mutate(job.jobId)}
          />
        )}
        {job.output !== undefined && (
          <div className="stack tight">
            <div className="row between">
              <h3>Output</h3>
              <JsonActions
                value={job.output}
                fileName={`${job.workflowName ?? 'job'}-output.json`}
              />
            </div>
            <JsonTree value={job.output} label="Job output" />
          </div>
        )}
        {job.lastError && job.consecutiveErrors > 0 && (
          <p className="subtle">
            Last check failed ({job.consecutiveErrors}×): {job.lastError}. Flowdeck keeps trying.
          </p>
        )}
        <dl className="meta">
          <dt>How</dt>
          <dd>{MODE_WORDS[job.mode]}</dd>
          <dt>Service says</dt>
          <dd className="mono">{job.serviceStatus}</dd>
          <dt>Started</dt>
          <dd>{formatDate(job.startedAt ?? job.createdAt)}</dd>
          <dt>Finished</dt>
          <dd>{formatDate(job.completedAt)}</dd>
          <dt>Job</dt>
          <dd className="mono">{job.jobId}</dd>
          <dt>Execution</dt>
          <dd className="mono">{job.executionId}</dd>
          <dt>Next check</dt>
          <dd>{job.nextPollAt ? formatAgo(job.nextPollAt) : '—'}</dd>
        </dl>
        {actions.cancel.error && <ErrorCallout error={actions.cancel.error} />}
        <div className="btn-group">
          <button
            type="button"
            className="btn sm"
            onClick={() => actions.refresh.mutate(job.jobId)}
          >
            <RefreshCw aria-hidden="true" /> Check now
          </button>
          {(isLive(job) || job.state === 'paused') && (
            <button type="button" className="btn sm" onClick={() => actions.cancel.mutate(job)}>
              <CircleStop aria-hidden="true" /> Cancel run
            </button>
          )}
          <button type="button" className="btn sm ghost" onClick={() => setConfirmForget(true)}>
            <Trash2 aria-hidden="true" /> Forget
          </button>
        </div>
      </div>
      <Confirm
        open={confirmForget}
        onOpenChange={setConfirmForget}
        title="Forget this job?"
        description="Flowdeck stops following it and removes it from this list. The run itself is not affected."
        confirmLabel="Forget"
        onConfirm={() => {
          actions.forget.mutate(job.jobId)
          onClose()
        }}
      />
    </section>
  )
}

export function JobsScreen() {
  const jobs = useJobs()
  const route = useRoute()
  const selectedId = route.params[0] ?? null
  const list = [...(jobs.data ?? [])].sort((a, b) => b.createdAt.localeCompare(a.createdAt))
  const selected = list.find((j) => j.jobId === selectedId) ?? null
  const running = list.filter(isLive).length
  return (
    <div className="page">
      <PageHeader
        title="Jobs"
        description={
          list.length
            ? `${list.length} tracked run(s), ${running} running. Flowdeck keeps following them after a restart.`
            : 'Runs in the background, followed until they finish.'
        }
      />
      {jobs.isLoading ? (
        <LoadingState label="Loading jobs" />
      ) : jobs.error ? (
        <ErrorState error={jobs.error} onRetry={() => jobs.refetch()} />
      ) : list.length === 0 ? (
        <div className="card">
          <EmptyState title="No jobs yet" icon={<ListChecks />}>
            Run a workflow with “Run in background” and follow it here.
          </EmptyState>
        </div>
      ) : (
        <div className={selected ? 'split' : ''}>
          <div className="table-wrap">
            <table className="data">
              <thead>
                <tr>
                  <th scope="col">Workflow</th>
                  <th scope="col">Status</th>
                  <th scope="col">Progress</th>
                  <th scope="col">Started</th>
                </tr>
              </thead>
              <tbody>
                {list.map((j) => (
                  <tr key={j.jobId} aria-selected={j.jobId === selectedId}>
                    <td>
                      <button
                        type="button"
                        className="row-link"
                        onClick={() => navigate('jobs', j.jobId)}
                      >
                        {j.workflowName ?? j.workflowId}
                      </button>
                      {j.fromRunHistory && <span className="chip plain">from run history</span>}
                    </td>
                    <td>
                      <JobChip state={j.state} serviceStatus={j.serviceStatus} />
                    </td>
                    <td>
                      <JobProgress job={j} />
                    </td>
                    <td className="muted nowrap">{formatAgo(j.startedAt ?? j.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {selected && (
            <JobDetail key={selected.jobId} job={selected} onClose={() => navigate('jobs')} />
          )}
        </div>
      )}
    </div>
  )
}
