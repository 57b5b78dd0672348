// function and condition blocks: user JavaScript, run in the sandbox pool.
import { safeJson, subBlockValue } from './definition.ts'
import { FunctionCancelledError, FunctionError } from './function-pool.ts'
import { substituteInCode } from './references.ts'
import { BlockError, isRecord } from './block-context.ts'
import type { BlockContext, BlockResult } from './block-context.ts'

export async function runFunctionBlock(ctx: BlockContext): Promise<BlockResult> {
  const code = subBlockValue(ctx.block, 'code')
  if (typeof code !== 'string' || code.trim() === '') {
    return { output: { result: null, stdout: '' } }
  }
  const { source, refs } = substituteInCode(code, ctx.scope)
  const { result, stdout } = await runInSandbox(ctx, source, refs)
  return { output: { result, stdout } }
}

function timeoutOf(ctx: BlockContext): number | undefined {
  const raw = Number(subBlockValue(ctx.block, 'timeout'))
  return Number.isFinite(raw) && raw > 0 ? raw : undefined
}

async function runInSandbox(ctx: BlockContext, source: string, refs: unknown[]) {
  try {
    return await ctx.pool.run({ source, refs, timeoutMs: timeoutOf(ctx), signal: ctx.signal })
  } catch (e) {
    if (e instanceof FunctionCancelledError) throw ctx.signal.reason ?? e
    if (e instanceof FunctionError) throw new BlockError(e.message)
    throw e
  }
}

interface Condition {
  id: string
  title: string
  value: string
}

function readConditions(raw: unknown): Condition[] {
  const list = typeof raw === 'string' ? safeJson(raw) : raw
  if (!Array.isArray(list)) throw new BlockError('Condition block has no conditions')
  return list.filter(isRecord).map((c, i) => ({
    id: typeof c.id === 'string' ? c.id : String(i),
    title: typeof c.title === 'string' ? c.title.toLowerCase() : i === 0 ? 'if' : 'else if',
    value: typeof c.value === 'string' ? c.value : c.value === undefined ? '' : String(c.value),
  }))
}

/**
 * Evaluates the conditions in order in one sandbox call; the first true one (or the `else`)
 * is chosen. Later expressions are not evaluated once one matched.
 */
export async function runConditionBlock(ctx: BlockContext): Promise<BlockResult> {
  const conditions = readConditions(subBlockValue(ctx.block, 'conditions'))
  const tests = conditions.map((c) =>
    c.title === 'else'
      ? '() => true'
      : c.value.trim() === ''
        ? '() => false'
        : `() => (${c.value}\n)`,
  )
  const code = `const __tests = [\n${tests.join(',\n')}\n]\nfor (let i = 0; i < __tests.length; i++) if (__tests[i]()) return i\nreturn -1`
  const { source, refs } = substituteInCode(code, ctx.scope)
  const { result } = await runInSandbox(ctx, source, refs)
  const chosen = typeof result === 'number' && result >= 0 ? conditions[result] : undefined
  return {
    output: {
      conditionResult: chosen !== undefined,
      selectedOption: chosen?.id ?? null,
      selectedPath: chosen ? { blockId: ctx.blockId, title: chosen.title } : null,
    },
    selectedCondition: chosen?.id,
  }
}
