// Block type -> executor. The run loop handles human_in_the_loop itself (it pauses the run
// instead of running anything).
import { subBlockValue } from './definition.ts'
import { startOutput } from './start-block.ts'
import { runConditionBlock, runFunctionBlock } from './code-blocks.ts'
import { runAgentBlock, runApiBlock } from './http-blocks.ts'
import { runResponseBlock, runWaitBlock, runWorkflowBlock } from './simple-blocks.ts'
import type { BlockContext, BlockResult } from './block-context.ts'
import type { RunRequest } from './types.ts'

type Executor = (ctx: BlockContext, request: RunRequest, input: unknown) => Promise<BlockResult>

const runStartBlock: Executor = async (ctx, request, input) => ({
  output: startOutput(subBlockValue(ctx.block, 'inputFormat'), input, {
    includeFileBase64: request.includeFileBase64,
    base64MaxBytes: request.base64MaxBytes,
  }),
})

export const EXECUTORS: Partial<Record<string, Executor>> = {
  start_trigger: runStartBlock,
  starter: runStartBlock,
  function: runFunctionBlock,
  condition: runConditionBlock,
  api: runApiBlock,
  agent: runAgentBlock,
  response: runResponseBlock,
  wait: runWaitBlock,
  workflow: runWorkflowBlock,
}
