import type { TrackedJobState } from '../../src-shared/bridge.ts'

const JOB: Record<TrackedJobState, { label: string; tone: string; live?: boolean }> = {
  queued: { label: 'Queued', tone: 'info', live: true },
  processing: { label: 'Processing', tone: 'accent', live: true },
  paused: { label: 'Paused', tone: 'warning' },
  completed: { label: 'Completed', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
  cancelled: { label: 'Cancelled', tone: '' },
  expired: { label: 'Expired', tone: '' },
}

export function JobChip({
  state,
  serviceStatus,
}: {
  state: TrackedJobState
  serviceStatus?: string
}) {
  const j = JOB[state]
  const label =
    state === 'queued' && serviceStatus && serviceStatus !== 'queued'
      ? `Queued (${serviceStatus})`
      : j.label
  return <span className={`chip ${j.tone} ${j.live ? 'live' : ''}`}>{label}</span>
}

const DOC: Record<string, string> = {
  pending: 'info',
  processing: 'accent',
  completed: 'success',
  failed: 'danger',
}

export function ProcessingChip({ status }: { status: string }) {
  const tone = DOC[status] ?? ''
  const live = status === 'pending' || status === 'processing'
  return (
    <span className={`chip ${tone} ${live ? 'live' : ''}`}>
      {status.charAt(0).toUpperCase() + status.slice(1)}
    </span>
  )
}

export function DeployChip({ deployed }: { deployed: boolean }) {
  return deployed ? (
    <span className="chip success">Deployed</span>
  ) : (
    <span className="chip">Not deployed</span>
  )
}
