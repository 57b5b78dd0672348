// The workflow engine as a library: no HTTP, no database. The service parses and stores
// definitions with these functions and runs them with runWorkflow (sync, async jobs, streams
// and resumes are all built on it).
export {
  parseDefinition,
  unknownBlockTypes,
  describeInputs,
  definitionVariables,
  SUPPORTED_BLOCK_TYPES,
} from './definition.ts'
export type { Definition, ParseResult, BlockType } from './definition.ts'
export { validateSelectedOutputs } from './selected-outputs.ts'
export { runWorkflow } from './run-workflow.ts'
export { ResumeStateError } from './pause.ts'
export type { EngineOptions } from './run-workflow.ts'
export { CallChainError, MAX_CALL_DEPTH } from './call-chain.ts'
export { eventFrame, terminalFrame, sseFrame, SSE_DONE } from './stream-frames.ts'
export type { StreamFrame } from './stream-frames.ts'
export { FunctionPool, sharedFunctionPool, shutdownFunctionPool } from './function-pool.ts'
export { NO_LLM_MESSAGE } from './http-blocks.ts'
export type {
  BlockLog,
  CallWorkflow,
  EngineEvent,
  PauseInfo,
  PausedState,
  ResponseOutput,
  RunOutcome,
  RunRequest,
  RunStatus,
  SelectedDelivery,
} from './types.ts'
