// An execution gate for tests of the execution side of the seam (services/execution-gate.ts):
// it records every admission and settlement and can refuse the way the interface documents, so
// tests can check that execution admits once, settles once, and lets refusals through untouched.
import type { AdmitRequest, ExecutionGate, RunUsage } from '../services/execution-gate.ts'
import type { ServiceError } from '../services/errors.ts'

export interface RecordingGate extends ExecutionGate {
  admitted: Array<Pick<AdmitRequest, 'workflowId' | 'mode'> & { userId: string }>
  settled: Array<RunUsage & { billedUserId: string; orphan: boolean }>
  /** The next admissions throw this (until set back to null). */
  refuse: ServiceError | null
}

export function recordingGate(): RecordingGate {
  const gate: RecordingGate = {
    admitted: [],
    settled: [],
    refuse: null,
    admit(request) {
      if (gate.refuse) throw gate.refuse
      const billedUserId = request.workspace.billedAccountUserId
      gate.admitted.push({
        workflowId: request.workflowId,
        mode: request.mode,
        userId: request.caller.user.id,
      })
      let done = false
      return {
        billedUserId,
        settle(usage) {
          if (done) throw new Error(`ticket for ${usage.executionId} settled twice`)
          done = true
          gate.settled.push({ ...usage, billedUserId, orphan: false })
        },
      }
    },
    settleOrphan(billedUserId, usage) {
      gate.settled.push({ ...usage, billedUserId, orphan: true })
    },
  }
  return gate
}
