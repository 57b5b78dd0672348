// response, wait and workflow blocks.
import { safeJson, subBlockValue } from './definition.ts'
import { resolveJsonTemplate, resolveValue } from './references.ts'
import { checkCallChain } from './call-chain.ts'
import { BlockError, sleep, tableToRecord } from './block-context.ts'
import type { BlockContext, BlockResult } from './block-context.ts'

/** Editor JSON text (`{"a": "<x.y>"}`) becomes a value; anything else resolves as usual. */
function resolveData(ctx: BlockContext, raw: unknown): unknown {
  if (typeof raw === 'string' && /^\s*[[{]/.test(raw)) return resolveJsonTemplate(raw, ctx.scope)
  return resolveValue(raw, ctx.scope)
}

export async function runResponseBlock(ctx: BlockContext): Promise<BlockResult> {
  const data = resolveData(ctx, subBlockValue(ctx.block, 'data'))
  const rawStatus = resolveValue(subBlockValue(ctx.block, 'status'), ctx.scope)
  const status = rawStatus === undefined || rawStatus === '' ? 200 : Number(rawStatus)
  if (!Number.isInteger(status) || status < 100 || status > 599) {
    throw new BlockError(`Response status must be an HTTP status code, not "${String(rawStatus)}"`)
  }
  const headers = tableToRecord(resolveValue(subBlockValue(ctx.block, 'headers'), ctx.scope))
  const response = { data: data ?? null, status, headers }
  return { output: response, response }
}

export async function runWaitBlock(ctx: BlockContext): Promise<BlockResult> {
  const amount = Number(resolveValue(subBlockValue(ctx.block, 'timeValue'), ctx.scope) ?? 0)
  if (!Number.isFinite(amount) || amount < 0) {
    throw new BlockError('Wait block needs a non-negative time value')
  }
  const unit = subBlockValue(ctx.block, 'timeUnit') === 'minutes' ? 60_000 : 1_000
  const ms = Math.round(amount * unit)
  await sleep(ms, ctx.signal)
  return { output: { waitDuration: ms, status: 'completed' } }
}

export async function runWorkflowBlock(ctx: BlockContext): Promise<BlockResult> {
  const workflowId = resolveValue(subBlockValue(ctx.block, 'workflowId'), ctx.scope)
  if (typeof workflowId !== 'string' || workflowId === '') {
    throw new BlockError('Workflow block has no workflow selected')
  }
  if (!ctx.callWorkflow) throw new BlockError('This service cannot run child workflows here')
  // A cycle is the caller's error (409), not this block's: CallChainError propagates.
  checkCallChain(workflowId, ctx.childCallChain)
  const raw = subBlockValue(ctx.block, 'input') ?? subBlockValue(ctx.block, 'inputMapping')
  let input = resolveData(ctx, raw)
  if (typeof input === 'string') input = safeJson(input) ?? input
  const child = await ctx.callWorkflow(workflowId, input ?? {}, ctx.childCallChain, {
    signal: ctx.signal,
  })
  if (child.status === 'cancelled' && ctx.signal.aborted) throw ctx.signal.reason
  if (child.status !== 'success') {
    throw new BlockError(
      `Child workflow ${workflowId} ${child.status === 'paused' ? 'paused, which a workflow block cannot wait for' : `failed: ${child.error ?? child.status}`}`,
    )
  }
  return { output: child.output, child }
}
