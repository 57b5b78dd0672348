// Pieces shared by the Run screen and Jobs: progress against the estimate, and resuming a
// paused run with input.
import { useState } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Play } from 'lucide-react'
import type { TrackedJob } from '../../src-shared/bridge.ts'
import { call } from '../bridge.ts'
import { queryKeys } from '../queries/keys.ts'
import { useNow } from '../components/use-now.ts'
import { JsonEditor } from '../components/json-editor.tsx'
import { ErrorCallout } from '../components/states.tsx'
import { toast } from '../components/toast.tsx'
import { JsonTree } from '../components/json-tree.tsx'
import { href } from '../state/router.ts'
import { formatDuration } from '../format.ts'

const live = (j: TrackedJob) => j.state === 'queued' || j.state === 'processing'

export function JobProgress({ job }: { job: TrackedJob }) {
  const now = useNow(500, live(job))
  const start = new Date(job.startedAt ?? job.createdAt).getTime()
  const end = job.completedAt
    ? new Date(job.completedAt).getTime()
    : live(job)
      ? now
      : new Date(job.updatedAt).getTime()
  const elapsed = Math.max(0, end - start)
  const est = job.estimatedDurationMs
  const done = !live(job)
  const pct = done ? 100 : est ? Math.min(95, (elapsed / est) * 100) : 0
  const tone =
    job.state === 'completed'
      ? 'success'
      : job.state === 'failed'
        ? 'danger'
        : job.state === 'paused'
          ? 'warning'
          : ''
  const label = est
    ? `${formatDuration(elapsed)} of about ${formatDuration(est)}`
    : `${formatDuration(elapsed)} elapsed`
  return (
    <div className="stack tight" style={{ gap: 4, minWidth: 100 }}>
      <div
        className={`progress ${tone}`}
        role="progressbar"
        aria-label="Progress against the estimated duration"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(pct)}
        aria-valuetext={label}
      >
        <div
          className={`progress-bar ${!done && !est ? 'indeterminate' : ''}`}
          style={{ width: `${!done && !est ? 30 : pct}%` }}
        />
      </div>
      <span className="subtle">{label}</span>
    </div>
  )
}

interface Pause {
  contextId: string
  blockId?: string
  prompt?: string
  /** The fields the paused block asks for, when the service says. */
  fields?: { name: string; type: string }[]
}

/** The pause a run reported: `{status: 'paused', contextId, blockId, prompt?, inputFormat?}`. */
export function pauseOf(output: unknown): Pause | null {
  if (!output || typeof output !== 'object') return null
  const o = output as Record<string, unknown>
  if (typeof o.contextId !== 'string') return null
  const fields = Array.isArray(o.inputFormat)
    ? o.inputFormat.filter(
        (f): f is { name: string; type: string } =>
          !!f && typeof f === 'object' && typeof (f as { name?: unknown }).name === 'string',
      )
    : undefined
  return {
    contextId: o.contextId,
    blockId: typeof o.blockId === 'string' ? o.blockId : undefined,
    prompt: typeof o.prompt === 'string' ? o.prompt : undefined,
    ...(fields && fields.length > 0 ? { fields } : {}),
  }
}

const EMPTY_BY_TYPE: Record<string, unknown> = {
  boolean: true,
  number: 0,
  object: {},
  json: {},
  array: [],
}

/** A starting answer: one entry per field the pause asks for, else the usual approval shape. */
function answerTemplate(pause: Pause | null): string {
  const fields = pause?.fields
  const value = fields
    ? Object.fromEntries(fields.map((f) => [f.name, EMPTY_BY_TYPE[f.type] ?? '']))
    : { approved: true, comment: '' }
  return JSON.stringify(value, null, 2)
}

export function ResumeForm(props: {
  connectionId: string
  workspaceId?: string
  workflowId: string
  executionId: string
  output: unknown
  /** The pause as a tracked job knows it; else it is read from the output. */
  contextId?: string
  prompt?: string
  onResumed?(result: { jobId: string | null; result: unknown }): void
}) {
  const fromOutput = pauseOf(props.output)
  const pause: Pause | null = props.contextId
    ? { ...fromOutput, contextId: props.contextId, prompt: props.prompt ?? fromOutput?.prompt }
    : fromOutput
  const [text, setText] = useState(() => answerTemplate(pause))
  const [parseError, setParseError] = useState<string | null>(null)
  const [resumed, setResumed] = useState<{ jobId: string | null; result: unknown } | null>(null)
  const qc = useQueryClient()
  const resume = useMutation({
    mutationFn: (input: unknown) =>
      call('runs:resume', {
        connectionId: props.connectionId,
        ...(props.workspaceId ? { workspaceId: props.workspaceId } : {}),
        workflowId: props.workflowId,
        executionId: props.executionId,
        contextId: pause!.contextId,
        input,
      }),
    onSuccess: (r) => {
      void qc.invalidateQueries({ queryKey: queryKeys.jobs() })
      toast('success', 'The run continues')
      setResumed(r)
      props.onResumed?.(r)
    },
  })
  if (!pause) {
    return (
      <p className="muted">
        This run waits for a person, but the service did not say how to resume it.
      </p>
    )
  }
  if (resumed) {
    return (
      <section className="stack tight" aria-label="Resumed run">
        <div className="callout success" role="status">
          <Play aria-hidden="true" />
          <div>
            Resumed.{' '}
            {resumed.jobId ? (
              <a href={href('jobs', resumed.jobId)}>Follow it in Jobs</a>
            ) : (
              'The run finished with this answer:'
            )}
          </div>
        </div>
        {!resumed.jobId && <JsonTree value={resumed.result ?? null} label="Resumed run result" />}
      </section>
    )
  }
  return (
    <form
      className="stack tight"
      aria-label="Resume the paused run"
      onSubmit={(e) => {
        e.preventDefault()
        try {
          const input: unknown = text.trim() ? JSON.parse(text) : {}
          setParseError(null)
          resume.mutate(input)
        } catch (err) {
          setParseError(`Not valid JSON: ${(err as Error).message}`)
        }
      }}
    >
      {pause.prompt && (
        <p>
          <strong>The run asks:</strong> {pause.prompt}
        </p>
      )}
      <span className="field-label" id={`resume-${props.executionId}`}>
        Your answer (JSON)
      </span>
      <JsonEditor
        value={text}
        onChange={setText}
        label="Resume input"
        invalid={!!parseError}
        minHeight="80px"
      />
      {parseError && <span className="field-error">{parseError}</span>}
      {resume.error && <ErrorCallout error={resume.error} />}
      <div>
        <button type="submit" className="btn primary sm" disabled={resume.isPending}>
          <Play aria-hidden="true" /> Resume
        </button>
      </div>
    </form>
  )
}
