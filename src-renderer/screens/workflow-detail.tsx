// One workflow: what it is, its inputs, the run panel, the answer, and local run history.
import { useEffect, useRef, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { History, RotateCcw, Trash2 } from 'lucide-react'
import { call } from '../bridge.ts'
import type { WorkflowDetail } from '../../src-shared/api/index.ts'
import { useScope } from '../queries/connections.ts'
import { queryKeys, type Scope } from '../queries/keys.ts'
import { useWorkflow, useWorkflowStatus } from '../queries/workflows.ts'
import { useUi, type RunDraft, type RunRecord } from '../state/ui.ts'
import { PageHeader } from '../components/page.tsx'
import { EmptyState, ErrorState, LoadingState } from '../components/states.tsx'
import { DeployChip } from '../components/status-chip.tsx'
import { formatAgo, formatDate, formatDuration } from '../format.ts'
import { buildControls, buildInput, defaultDraft, type FileValue } from '../run/run-input.ts'
import { RunForm } from '../run/run-form.tsx'
import { RunResult, type RunAnswer, type RunOutcome } from '../run/run-result.tsx'

function summarize(
  a: RunAnswer,
): Pick<RunRecord, 'outcome' | 'summary' | 'executionId' | 'durationMs'> {
  switch (a.kind) {
    case 'result':
      return {
        outcome: a.result.success ? 'success' : 'failed',
        summary: a.result.success
          ? a.result.status === 'paused'
            ? 'Paused, waiting for input'
            : 'Succeeded'
          : (a.result.error ?? 'Failed'),
        executionId: a.executionId,
        durationMs: a.result.metadata?.duration,
      }
    case 'response':
      return {
        outcome: 'response',
        summary: `Response HTTP ${a.httpStatus}`,
        executionId: a.executionId,
      }
    case 'job':
      return { outcome: 'job', summary: 'Followed as a job', executionId: a.executionId }
    case 'stream':
      return { outcome: 'stream', summary: 'Streamed' }
  }
}

/** Files are kept out of history: only their names. */
function historyInput(input: unknown): unknown {
  return JSON.parse(
    JSON.stringify(input ?? null, (_k, v: unknown) =>
      v && typeof v === 'object' && (v as { type?: unknown }).type === 'file' && 'data' in v
        ? { type: 'file', name: (v as { name?: string }).name, data: '(not kept)' }
        : v,
    ),
  )
}

function RunHistory(props: { workflowId: string; onRunAgain(r: RunRecord): void }) {
  const runs = useUi((s) => s.history[props.workflowId]) ?? []
  const clear = useUi((s) => s.clearHistory)
  return (
    <section className="card" aria-labelledby="history-title">
      <div className="card-header">
        <div className="row">
          <History aria-hidden="true" />
          <h2 id="history-title">Run history</h2>
          <span className="subtle">on this computer</span>
        </div>
        {runs.length > 0 && (
          <button type="button" className="btn ghost sm" onClick={() => clear(props.workflowId)}>
            <Trash2 aria-hidden="true" /> Clear
          </button>
        )}
      </div>
      {runs.length === 0 ? (
        <EmptyState title="No runs yet" icon={<History />}>
          Runs you start here are listed with their inputs so you can run them again.
        </EmptyState>
      ) : (
        <ul className="history-list">
          {runs.map((r) => (
            <li key={r.id} className="history-item">
              <div className="grow stack" style={{ gap: 2 }}>
                <div className="row">
                  <span
                    className={`chip ${r.outcome === 'success' || r.outcome === 'response' ? 'success' : r.outcome === 'failed' || r.outcome === 'error' ? 'danger' : 'info'}`}
                  >
                    {r.mode}
                  </span>
                  <span className="truncate">{r.summary}</span>
                </div>
                <span className="subtle">
                  {formatAgo(r.at)}
                  {r.durationMs !== undefined && ` · ${formatDuration(r.durationMs)}`}
                  <span className="mono"> · {JSON.stringify(r.input).slice(0, 60)}</span>
                </span>
              </div>
              <button
                type="button"
                className="btn sm"
                onClick={() => props.onRunAgain(r)}
                aria-label={`Run again with the inputs of ${formatDate(r.at)}`}
              >
                <RotateCcw aria-hidden="true" /> Run again
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function RunPanel({ scope, workflow }: { scope: Scope; workflow: WorkflowDetail }) {
  const stored = useUi((s) => s.drafts[workflow.id])
  const setDraft = useUi((s) => s.setDraft)
  const addRun = useUi((s) => s.addRun)
  const draft = stored ?? defaultDraft(workflow.inputs)
  const [files, setFiles] = useState<Record<string, FileValue[]>>({})
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [running, setRunning] = useState(false)
  const [outcome, setOutcome] = useState<RunOutcome | null>(null)
  const [runKey, setRunKey] = useState(0)
  const qc = useQueryClient()
  const answerRef = useRef<HTMLDivElement>(null)
  // The form can be longer than the window: bring the answer (a stream above all) into view
  // when a run starts and when it answers, instead of leaving it scrolled off the top.
  useEffect(() => {
    const el = answerRef.current
    if (!el || (!running && !outcome)) return
    const top = el.getBoundingClientRect().top
    if (top < 0 || top > window.innerHeight * 0.6) el.scrollIntoView({ block: 'start' })
  }, [running, outcome])

  const run = async (d: RunDraft, given?: unknown) => {
    const input =
      given !== undefined
        ? { ok: true as const, value: given }
        : buildInput(workflow.inputs, d, files)
    const controls = buildControls(d)
    const errs = { ...(input.ok ? {} : input.errors), ...(controls.ok ? {} : controls.errors) }
    setErrors(errs)
    if (!input.ok || !controls.ok) return
    setRunning(true)
    setOutcome(null)
    const startedAt = Date.now()
    const record = (patch: Pick<RunRecord, 'outcome' | 'summary'> & Partial<RunRecord>) =>
      addRun(workflow.id, {
        id: `${startedAt}-${Math.random().toString(36).slice(2, 8)}`,
        at: new Date(startedAt).toISOString(),
        mode: d.mode,
        input: historyInput(input.value),
        draft: d,
        ...patch,
      })
    try {
      const answer = await call('runs:start', {
        ...scope,
        workflowId: workflow.id,
        workflowName: workflow.name,
        mode: d.mode,
        input: input.value,
        controls: controls.value,
      })
      setOutcome({ kind: 'answer', answer, startedAt })
      record(summarize(answer))
      if (answer.kind === 'job') void qc.invalidateQueries({ queryKey: queryKeys.jobs() })
    } catch (error) {
      setOutcome({ kind: 'error', error })
      record({
        outcome: 'error',
        summary: error instanceof Error ? error.message : 'Could not start',
      })
    } finally {
      setRunning(false)
      setRunKey((k) => k + 1)
      void qc.invalidateQueries({ queryKey: queryKeys.workflow(scope, workflow.id) })
    }
  }

  return (
    <div className="split">
      <div className="stack">
        <RunForm
          inputs={workflow.inputs}
          draft={draft}
          onDraft={(d) => setDraft(workflow.id, d)}
          files={files}
          onFiles={(name, f) => setFiles((x) => ({ ...x, [name]: f }))}
          errors={errors}
          running={running}
          onRun={() => void run(draft)}
        />
        <RunHistory
          workflowId={workflow.id}
          onRunAgain={(r) => {
            setDraft(workflow.id, r.draft)
            // Runs with exactly what was sent then (files excepted: pick them again).
            void run(
              r.draft,
              r.draft.inputKind === 'raw' || !hasFiles(r.input) ? r.input : undefined,
            )
          }}
        />
      </div>
      <div className="stack run-answer" aria-live="polite" ref={answerRef}>
        {running && !outcome && (
          <div className="card card-body row">
            <span className="spinner" aria-hidden="true" /> Running {workflow.name}…
          </div>
        )}
        {outcome ? (
          <RunResult
            key={runKey}
            outcome={outcome}
            scope={scope}
            workflowId={workflow.id}
            workflowName={workflow.name}
          />
        ) : (
          !running && (
            <div className="card">
              <EmptyState title="No result yet">
                Fill in the inputs and run the workflow. The answer appears here.
              </EmptyState>
            </div>
          )
        )}
      </div>
    </div>
  )
}

const hasFiles = (v: unknown): boolean => JSON.stringify(v ?? null).includes('"(not kept)"')

export function WorkflowDetailScreen({
  workflowId,
  onBack,
}: {
  workflowId: string
  onBack(): void
}) {
  const { scope } = useScope()
  const wf = useWorkflow(scope, workflowId)
  const status = useWorkflowStatus(scope, workflowId)
  const crumbs = [{ label: 'Workflows', onClick: onBack }]
  if (wf.isLoading || !scope) {
    return (
      <div className="page">
        <PageHeader title="Workflow" crumbs={crumbs} />
        <LoadingState label="Loading the workflow" />
      </div>
    )
  }
  if (wf.error || !wf.data) {
    return (
      <div className="page">
        <PageHeader title="Workflow" crumbs={crumbs} />
        <div className="card">
          <ErrorState error={wf.error} onRetry={() => wf.refetch()} />
        </div>
      </div>
    )
  }
  const w = wf.data
  const deployed = status.data?.isDeployed ?? w.isDeployed
  return (
    <div className="page">
      <PageHeader
        crumbs={crumbs}
        title={w.name}
        description={w.description || undefined}
        actions={
          <div className="row">
            <DeployChip deployed={deployed} />
            {status.data?.needsRedeployment && (
              <span className="chip warning">Changed since deploy</span>
            )}
          </div>
        }
      />
      <div className="split aside" style={{ alignItems: 'stretch' }}>
        <section className="card" aria-labelledby="inputs-title">
          <div className="card-header">
            <h2 id="inputs-title">Inputs</h2>
            <span className="subtle">{w.inputs.length} field(s)</span>
          </div>
          {w.inputs.length === 0 ? (
            <div className="card-body muted">No input fields.</div>
          ) : (
            <table className="data">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Type</th>
                  <th scope="col">Default</th>
                  <th scope="col">Description</th>
                </tr>
              </thead>
              <tbody>
                {w.inputs.map((f) => (
                  <tr key={f.name}>
                    <td className="mono">{f.name}</td>
                    <td>
                      <span className="chip plain">{f.type}</span>
                    </td>
                    <td className="mono subtle">
                      {f.default !== undefined ? JSON.stringify(f.default) : '—'}
                    </td>
                    <td className="muted">{f.description ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
        <section className="card card-body" aria-label="About">
          <dl className="meta">
            <dt>ID</dt>
            <dd className="mono">{w.id}</dd>
            <dt>Deployed</dt>
            <dd>{deployed ? formatDate(status.data?.deployedAt ?? w.deployedAt) : 'No'}</dd>
            <dt>Runs</dt>
            <dd>{w.runCount ?? '—'}</dd>
            <dt>Last run</dt>
            <dd>{formatAgo(w.lastRunAt)}</dd>
            <dt>Updated</dt>
            <dd>{formatDate(w.updatedAt)}</dd>
          </dl>
        </section>
      </div>
      {!deployed && (
        <div className="callout warning">
          This workflow is not deployed. The service runs only deployed workflows, so a run will be
          refused.
        </div>
      )}
      <RunPanel scope={scope} workflow={w} />
    </div>
  )
}
