// What a run answered: a result with output and metadata, a Response block's reply, a job
// being followed, a stream, or an error in words.
import { ArrowRight, CheckCircle2, Clock, PauseCircle, XCircle } from 'lucide-react'
import type { ChannelOutput } from '../../src-shared/bridge.ts'
import type { Scope } from '../queries/keys.ts'
import { useJob } from '../queries/jobs.ts'
import { JsonActions, JsonTree } from '../components/json-tree.tsx'
import { ErrorCallout } from '../components/states.tsx'
import { JobChip } from '../components/status-chip.tsx'
import { href } from '../state/router.ts'
import { formatDate, formatDuration } from '../format.ts'
import { JobProgress, ResumeForm, pauseOf } from './job-parts.tsx'
import { StreamView } from './stream-view.tsx'

export type RunAnswer = ChannelOutput<'runs:start'>

export type RunOutcome =
  { kind: 'answer'; answer: RunAnswer; startedAt: number } | { kind: 'error'; error: unknown }

function JobFollow(props: { jobId: string; reason: string; scope: Scope; workflowId: string }) {
  const job = useJob(props.jobId)
  const j = job.data
  const why: Record<string, string> = {
    async: 'Running in the background. Flowdeck follows it and tells you when it finishes.',
    'sync-pending':
      'The service took the run but its result came late. Flowdeck follows it as a job instead of sending it again.',
    'result-unavailable':
      'The service took the run but could not return its result. Flowdeck follows it as a job instead of sending it again.',
  }
  return (
    <section className="card" aria-label="Background run">
      <div className="card-header">
        <div className="row">
          <Clock aria-hidden="true" />
          <h2>Background run</h2>
          {j && <JobChip state={j.state} serviceStatus={j.serviceStatus} />}
        </div>
        <a className="btn sm" href={href('jobs', props.jobId)}>
          Open in Jobs <ArrowRight aria-hidden="true" />
        </a>
      </div>
      <div className="card-body stack">
        <p className="muted">{why[props.reason] ?? why.async}</p>
        {j && <JobProgress job={j} />}
        {j?.state === 'completed' && (
          <div className="stack tight">
            <div className="row between">
              <h3>Output</h3>
              <JsonActions
                value={j.output ?? null}
                fileName={`${j.workflowName ?? 'run'}-output.json`}
              />
            </div>
            <JsonTree value={j.output ?? null} label="Output" />
          </div>
        )}
        {j?.state === 'failed' && (
          <div className="callout danger" role="alert">
            <XCircle aria-hidden="true" />
            <div>
              <strong>The workflow failed</strong>
              <div>{j.error ?? 'No reason was given.'}</div>
            </div>
          </div>
        )}
        {j?.state === 'paused' && (
          <ResumeForm
            connectionId={j.connectionId}
            workflowId={j.workflowId}
            executionId={j.executionId}
            output={j.output}
            contextId={j.contextId}
            prompt={j.prompt}
          />
        )}
        {job.error && <ErrorCallout error={job.error} />}
      </div>
    </section>
  )
}

export function RunResult(props: {
  outcome: RunOutcome
  scope: Scope
  workflowId: string
  workflowName: string
}) {
  const { outcome, scope, workflowId, workflowName } = props
  if (outcome.kind === 'error') {
    return (
      <section className="card" aria-label="Result">
        <div className="card-body">
          <ErrorCallout error={outcome.error} title="The run could not start" />
        </div>
      </section>
    )
  }
  const a = outcome.answer
  if (a.kind === 'stream') {
    return (
      <StreamView
        runId={a.runId}
        scope={scope}
        workflowId={workflowId}
        workflowName={workflowName}
        startedAt={outcome.startedAt}
      />
    )
  }
  if (a.kind === 'job') {
    return <JobFollow jobId={a.jobId} reason={a.reason} scope={scope} workflowId={workflowId} />
  }
  if (a.kind === 'response') {
    return (
      <section className="card" aria-label="Result">
        <div className="card-header">
          <div className="row">
            <CheckCircle2 aria-hidden="true" />
            <h2>Response block reply</h2>
            <span className={`chip ${a.httpStatus < 400 ? 'success' : 'danger'}`}>
              HTTP {a.httpStatus}
            </span>
          </div>
          <JsonActions value={a.body} fileName={`${workflowName}-response.json`} />
        </div>
        <div className="card-body stack">
          <p className="muted">The workflow answered with its own status, headers and body.</p>
          <h3>Body</h3>
          <JsonTree value={a.body} label="Response body" />
          <h3>Headers</h3>
          <dl className="meta">
            {Object.entries(a.headers).map(([k, v]) => (
              <div key={k} style={{ display: 'contents' }}>
                <dt className="mono">{k}</dt>
                <dd className="mono">{v}</dd>
              </div>
            ))}
          </dl>
          {a.executionId && (
            <p className="subtle">
              Execution <span className="mono">{a.executionId}</span>
            </p>
          )}
        </div>
      </section>
    )
  }
  const r = a.result
  const paused = r.status === 'paused'
  const ok = r.success && !paused
  const md = r.metadata
  return (
    <section className="card" aria-label="Result">
      <div className="card-header">
        <div className="row">
          {paused ? (
            <PauseCircle aria-hidden="true" />
          ) : ok ? (
            <CheckCircle2 aria-hidden="true" />
          ) : (
            <XCircle aria-hidden="true" />
          )}
          <h2>Result</h2>
          <span className={`chip ${paused ? 'warning' : ok ? 'success' : 'danger'}`}>
            {paused ? 'Paused' : ok ? 'Succeeded' : (r.status ?? 'Failed')}
          </span>
          <span className="subtle">HTTP {a.httpStatus}</span>
        </div>
        <JsonActions value={r.output ?? null} fileName={`${workflowName}-output.json`} />
      </div>
      <div className="card-body stack">
        {!r.success && (
          <div className="callout danger" role="alert">
            <XCircle aria-hidden="true" />
            <div>
              <strong>The workflow failed</strong>
              <div>{r.error ?? 'The service did not say why.'}</div>
            </div>
          </div>
        )}
        {paused && a.executionId && pauseOf(r.output) && (
          <ResumeForm
            connectionId={scope.connectionId}
            workspaceId={scope.workspaceId}
            workflowId={workflowId}
            executionId={a.executionId}
            output={r.output}
          />
        )}
        <JsonTree value={r.output ?? null} label="Output" />
        <dl className="meta">
          <dt>Duration</dt>
          <dd>{formatDuration(md?.duration)}</dd>
          <dt>Started</dt>
          <dd>{formatDate(md?.startTime)}</dd>
          <dt>Ended</dt>
          <dd>{formatDate(md?.endTime)}</dd>
          <dt>Execution</dt>
          <dd className="mono">{a.executionId ?? r.executionId ?? '—'}</dd>
        </dl>
      </div>
    </section>
  )
}
