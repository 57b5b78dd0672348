// A streamed run: each block's output as it arrives, with elapsed time; cancel; the final
// frame's output; and, when the stream broke, following the run as a job.
import { useEffect, useReducer } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { AlertTriangle, CircleStop, Radio, Route } from 'lucide-react'
import type { EventPayload } from '../../src-shared/bridge.ts'
import { call, onEvent } from '../bridge.ts'
import type { Scope } from '../queries/keys.ts'
import { queryKeys } from '../queries/keys.ts'
import { useNow } from '../components/use-now.ts'
import { JsonActions, JsonTree } from '../components/json-tree.tsx'
import { ErrorCallout } from '../components/states.tsx'
import { toast } from '../components/toast.tsx'
import { navigate } from '../state/router.ts'
import { formatDuration } from '../format.ts'
import { errorWords } from '../api/errors.ts'

type StreamEvent = EventPayload<'runs:event'>['event']
type EndEvent = Extract<StreamEvent, { type: 'end' }>

interface BlockOut {
  blockId: string
  text: string
  firstAt: number
  lastAt: number
  parts: number
}
interface State {
  blocks: BlockOut[]
  errors: { blockId?: string; error: string; at: number }[]
  final?: { success: boolean; error?: string; output?: unknown }
  failure?: { error: string; blockId?: string }
  end?: EndEvent
  invalid: number
}

function reduce(s: State, e: StreamEvent): State {
  if (e.type === 'invalid-frame') return { ...s, invalid: s.invalid + 1 }
  if (e.type === 'end') return { ...s, end: e }
  const f = e.frame
  if ('chunk' in f) {
    const i = s.blocks.findIndex((b) => b.blockId === f.blockId)
    const blocks = [...s.blocks]
    if (i < 0)
      blocks.push({ blockId: f.blockId, text: f.chunk, firstAt: e.at, lastAt: e.at, parts: 1 })
    else {
      const b = blocks[i]!
      blocks[i] = { ...b, text: b.text + f.chunk, lastAt: e.at, parts: b.parts + 1 }
    }
    return { ...s, blocks }
  }
  if (f.event === 'stream_error') {
    return { ...s, errors: [...s.errors, { blockId: f.blockId, error: f.error, at: e.at }] }
  }
  if (f.event === 'final') return { ...s, final: f.data }
  return { ...s, failure: { error: f.error, blockId: f.blockId } }
}

export function StreamView(props: {
  runId: string
  scope: Scope
  workflowId: string
  workflowName: string
  startedAt: number
  onEnd?(outcome: EndEvent['outcome']): void
}) {
  const { runId, scope, workflowId, startedAt } = props
  const [state, dispatch] = useReducer(reduce, { blocks: [], errors: [], invalid: 0 })
  const qc = useQueryClient()
  const done = !!state.end
  const now = useNow(250, !done)
  const onEnd = props.onEnd
  useEffect(() => {
    const off = onEvent('runs:event', (p) => {
      if (p.runId === runId) dispatch(p.event)
    })
    // Frames sent before this subscription are replayed by main.
    call('runs:subscribe', { runId }).catch(() => {})
    return () => {
      off()
      call('runs:unsubscribe', { runId }).catch(() => {})
    }
  }, [runId])
  useEffect(() => {
    if (state.end) onEnd?.(state.end.outcome)
  }, [state.end, onEnd])

  const cancel = useMutation({
    mutationFn: () =>
      call('runs:cancel', {
        ...scope,
        workflowId,
        runId,
        ...(state.end?.executionId ? { executionId: state.end.executionId } : {}),
      }),
    onError: (err) => toast('error', 'Could not cancel', errorWords(err).message),
  })
  const follow = useMutation({
    mutationFn: (executionId: string) =>
      call('runs:follow', { ...scope, workflowId, executionId, workflowName: props.workflowName }),
    onSuccess: (job) => {
      void qc.invalidateQueries({ queryKey: queryKeys.jobs() })
      navigate('jobs', job.jobId)
    },
  })
  const elapsed = (state.end?.at ?? now) - startedAt
  const statusLabel = !state.end
    ? 'Streaming'
    : state.end.outcome === 'done'
      ? state.failure || state.final?.success === false
        ? 'Failed'
        : 'Finished'
      : state.end.outcome === 'broken'
        ? 'Stream broke'
        : state.end.outcome === 'cancelled'
          ? 'Cancelled'
          : 'Failed'
  const tone = !state.end
    ? 'accent live'
    : statusLabel === 'Finished'
      ? 'success'
      : statusLabel === 'Cancelled'
        ? ''
        : 'danger'
  return (
    <section className="card" aria-label="Stream">
      <div className="card-header">
        <div className="row">
          <Radio aria-hidden="true" />
          <h2>Stream</h2>
          <span className={`chip ${tone}`} role="status">
            {statusLabel}
          </span>
          <span className="subtle mono" aria-label="Elapsed">
            {formatDuration(elapsed)}
          </span>
        </div>
        {!done && (
          <button
            type="button"
            className="btn sm"
            onClick={() => cancel.mutate()}
            disabled={cancel.isPending}
          >
            <CircleStop aria-hidden="true" /> Cancel
          </button>
        )}
      </div>
      <div className="card-body stack">
        {state.blocks.length === 0 && !done && (
          <div className="row muted">
            <span className="spinner" aria-hidden="true" /> Waiting for the first block output…
          </div>
        )}
        {state.blocks.map((b) => (
          <article key={b.blockId} className="stream-block" aria-label={`Output of ${b.blockId}`}>
            <header className="row between">
              <strong className="mono">{b.blockId}</strong>
              <span className="subtle">
                {b.parts} {b.parts === 1 ? 'part' : 'parts'} · first at +
                {formatDuration(b.firstAt - startedAt)}, last at +
                {formatDuration(b.lastAt - startedAt)}
              </span>
            </header>
            <pre className="code">{b.text}</pre>
          </article>
        ))}
        {state.errors.map((e, i) => (
          <div key={i} className="callout warning">
            <AlertTriangle aria-hidden="true" />
            <div>
              Block {e.blockId ?? '(unknown)'} reported a problem while streaming: {e.error}
            </div>
          </div>
        ))}
        {state.invalid > 0 && (
          <p className="subtle">{state.invalid} frame(s) could not be read and were skipped.</p>
        )}
        {state.failure && (
          <div className="callout danger" role="alert">
            <AlertTriangle aria-hidden="true" />
            <div>
              <strong>The workflow failed</strong>
              {state.failure.blockId && <span className="subtle"> in {state.failure.blockId}</span>}
              <div>{state.failure.error}</div>
            </div>
          </div>
        )}
        {state.final && (
          <div className="stack tight">
            <div className="row between">
              <h3>Final output</h3>
              <JsonActions
                value={state.final.output ?? null}
                fileName={`${props.workflowName}-stream.json`}
              />
            </div>
            {state.final.error && <div className="callout danger">{state.final.error}</div>}
            <JsonTree value={state.final.output ?? null} label="Final output" />
          </div>
        )}
        {state.end?.error && state.end.outcome !== 'done' && (
          <ErrorCallout error={state.end.error} />
        )}
        {state.end?.outcome === 'broken' && (
          <div className="callout warning">
            <Route aria-hidden="true" />
            <div className="stack tight">
              <div>
                The stream stopped after {state.end.frames} frame(s)
                {state.end.message ? `: ${state.end.message}` : '.'} The run may still be going on
                the service.
              </div>
              {state.end.canFollow && state.end.executionId ? (
                <div>
                  <button
                    type="button"
                    className="btn sm primary"
                    onClick={() => follow.mutate(state.end!.executionId!)}
                    disabled={follow.isPending}
                  >
                    Follow it as a job
                  </button>
                </div>
              ) : (
                <div className="muted">
                  The service did not say which run it was, so it cannot be followed.
                </div>
              )}
              {follow.error && <ErrorCallout error={follow.error} />}
            </div>
          </div>
        )}
      </div>
    </section>
  )
}
