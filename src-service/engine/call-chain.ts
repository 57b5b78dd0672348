// The workflow call chain: a run that would call itself again, directly or through others, or
// nest deeper than MAX_CALL_DEPTH is refused (the service answers 409).
export const MAX_CALL_DEPTH = 25

export class CallChainError extends Error {
  readonly chain: string[]
  constructor(message: string, chain: string[]) {
    super(message)
    this.name = 'CallChainError'
    this.chain = chain
  }
}

/**
 * Throws when running `workflowId` beneath `ancestors` (outermost first) would repeat a
 * workflow or exceed the depth limit.
 */
export function checkCallChain(workflowId: string, ancestors: readonly string[]): void {
  const chain = [...ancestors, workflowId]
  if (ancestors.includes(workflowId)) {
    throw new CallChainError(`Workflow call cycle detected: ${chain.join(' -> ')}`, chain)
  }
  if (chain.length > MAX_CALL_DEPTH) {
    throw new CallChainError(
      `Workflow call chain is deeper than ${MAX_CALL_DEPTH} workflows`,
      chain,
    )
  }
}
