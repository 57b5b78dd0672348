import type { AreaHandlers, CoreDeps } from './deps.ts'
import { BridgeFailure } from './errors.ts'

export function jobsHandlers({ tracker, jobSubscribers }: CoreDeps): AreaHandlers<'jobs'> {
  const known = <T>(job: T | undefined): T => {
    if (!job) throw new BridgeFailure('NOT_FOUND', 'Flowdeck is not tracking that job.')
    return job
  }
  return {
    'jobs:list': async () => tracker.list(),
    'jobs:get': async ({ jobId }) => known(tracker.get(jobId)),
    'jobs:refresh': async ({ jobId }) => known(await tracker.refresh(jobId)),
    'jobs:forget': async ({ jobId }) => {
      known(tracker.get(jobId))
      tracker.forget(jobId)
      return { ok: true as const }
    },
    'jobs:subscribe': async (_input, ctx) => {
      jobSubscribers.add(ctx.subscriberId)
      return { ok: true as const }
    },
    'jobs:unsubscribe': async (_input, ctx) => {
      jobSubscribers.delete(ctx.subscriberId)
      return { ok: true as const }
    },
  }
}
