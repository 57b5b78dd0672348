// Section: the execution gate in process, no HTTP: admit + settle per run (admission slot,
// budget check from the cached period total, sync/async buckets, one usage row insert), and
// admit alone refused by an empty bucket, in operations per second.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { hashKey } from '../src-service/auth/key-crypto.ts'
import { createServiceContext } from '../src-service/services/context.ts'
import { createExecutionLimits } from '../src-service/services/execution-limits.ts'
import { ServiceError } from '../src-service/services/errors.ts'
import type { AdmitRequest } from '../src-service/services/execution-gate.ts'
import { runSeed } from '../src-service/seed/steps.ts'

function measure(seconds: number, op: (i: number) => void): { ops: number; perSecond: number } {
  const until = performance.now() + seconds * 1000
  const started = performance.now()
  let ops = 0
  // Check the clock every 256 operations so reading it does not dominate.
  while ((ops & 255) !== 0 || performance.now() < until) op(ops++)
  return { ops, perSecond: ops / ((performance.now() - started) / 1000) }
}

const fmtOps = (r: { ops: number; perSecond: number }) =>
  `${Math.round(r.perSecond).toLocaleString('en-US')} ops/s (${r.ops.toLocaleString('en-US')} ops)`

export async function run(seconds: number): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'flowdeck-bench-gate-'))
  // Rates no loop reaches: this measures admission, not the 429 path.
  const ctx = createServiceContext({ dataDir, executionRates: { sync: 1e9, async: 1e9 } })
  const seed = runSeed(ctx, { workflowsDir: join(dataDir, 'none') })
  const key = ctx.store.keys.findActiveByHash(hashKey(seed.keys.workspace))
  const user = key && ctx.store.identity.getUser(key.userId)
  const workspace = ctx.store.identity.getWorkspace(seed.workspaceId)
  if (!key || !user || !workspace) throw new Error('seed created no key or workspace')
  const sync: AdmitRequest = { caller: { key, user }, workspace, workflowId: 'wf', mode: 'sync' }
  const async: AdmitRequest = { ...sync, mode: 'async' }

  const usage = (i: number, tag: string) => ({
    executionId: `${tag}-${i}`,
    status: 'completed' as const,
    durationMs: 12,
    blocksExecuted: 3,
  })
  const syncRuns = measure(seconds, (i) => ctx.gate.admit(sync).settle(usage(i, 's')))
  const asyncRuns = measure(seconds, (i) => ctx.gate.admit(async).settle(usage(i, 'a')))
  const admitOnly = measure(seconds, () => ctx.gate.admit(sync).release?.())
  // A gate of 1 per minute on the same store, emptied first: every admit is refused.
  const tight = createExecutionLimits({ store: ctx.store, clock: ctx.clock, rates: { sync: 1 } })
  tight.admit(sync).release?.()
  tight.admit(sync).release?.()
  const refused = measure(seconds, () => {
    try {
      tight.admit(sync)
      throw new Error('the emptied bucket admitted a run')
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error
    }
  })
  console.log(`  admit + settle, sync (1 usage row each)   ${fmtOps(syncRuns)}`)
  console.log(`  admit + settle, async                     ${fmtOps(asyncRuns)}`)
  console.log(`  admit + release (no settle, no row)       ${fmtOps(admitOnly)}`)
  console.log(`  admit refused, empty bucket (429)         ${fmtOps(refused)}`)
  ctx.store.db.close()
  rmSync(dataDir, { recursive: true, force: true })
}
