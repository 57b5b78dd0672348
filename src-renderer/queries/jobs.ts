import { useEffect } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { TrackedJob } from '../../src-shared/bridge.ts'
import { call, onEvent } from '../bridge.ts'
import { queryKeys } from './keys.ts'

export const isLive = (j: TrackedJob) => j.state === 'queued' || j.state === 'processing'

/** Subscribes once to `jobs:changed` and refreshes the jobs the event names. */
export function useJobEvents() {
  const qc = useQueryClient()
  useEffect(() => {
    const off = onEvent('jobs:changed', ({ jobIds }) => {
      void qc.invalidateQueries({ queryKey: queryKeys.jobs(), exact: true })
      for (const id of jobIds) void qc.invalidateQueries({ queryKey: queryKeys.job(id) })
    })
    call('jobs:subscribe', {}).catch(() => {})
    return () => {
      off()
      call('jobs:unsubscribe', {}).catch(() => {})
    }
  }, [qc])
}

export function useJobs() {
  return useQuery({
    queryKey: queryKeys.jobs(),
    queryFn: () => call('jobs:list', {}),
    // Events drive updates; a slow poll covers a missed event.
    refetchInterval: (q) => (q.state.data?.some(isLive) ? 5000 : 30_000),
  })
}

export function useJob(jobId: string | null) {
  return useQuery({
    queryKey: queryKeys.job(jobId ?? ''),
    queryFn: () => call('jobs:get', { jobId: jobId! }),
    enabled: !!jobId,
    refetchInterval: (q) => (q.state.data && isLive(q.state.data) ? 3000 : false),
  })
}

export function useJobActions() {
  const qc = useQueryClient()
  const refresh = () => qc.invalidateQueries({ queryKey: queryKeys.jobs() })
  return {
    refresh: useMutation({
      mutationFn: (jobId: string) => call('jobs:refresh', { jobId }),
      onSuccess: refresh,
    }),
    forget: useMutation({
      mutationFn: (jobId: string) => call('jobs:forget', { jobId }),
      onSuccess: refresh,
    }),
    cancel: useMutation({
      mutationFn: (job: TrackedJob) =>
        call('runs:cancel', {
          connectionId: job.connectionId,
          workflowId: job.workflowId,
          executionId: job.executionId,
        }),
      onSuccess: refresh,
    }),
  }
}
