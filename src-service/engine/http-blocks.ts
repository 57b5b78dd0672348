// Blocks that call out over HTTP: api (any endpoint) and agent (an OpenAI-compatible chat
// endpoint configured on the service).
import { createParser } from 'eventsource-parser'
import { safeJson, subBlockValue } from './definition.ts'
import { resolveJsonTemplate, resolveValue } from './references.ts'
import { BlockError, isRecord, tableToRecord } from './block-context.ts'
import type { BlockContext, BlockResult } from './block-context.ts'

const DEFAULT_API_TIMEOUT_MS = 120_000
export const NO_LLM_MESSAGE =
  'No language model is configured for this service (set SERVICE_LLM_BASE_URL)'

const value = (ctx: BlockContext, key: string): unknown =>
  resolveValue(subBlockValue(ctx.block, key), ctx.scope)

function withTimeout(signal: AbortSignal, ms: number): AbortSignal {
  return AbortSignal.any([signal, AbortSignal.timeout(ms)])
}

/** Rethrows a fetch failure as the block's error, letting a run cancellation through. */
function fetchFailure(ctx: BlockContext, e: unknown, what: string, timeoutMs: number): never {
  if (ctx.signal.aborted) throw ctx.signal.reason
  const name = (e as { name?: unknown }).name
  if (name === 'TimeoutError') throw new BlockError(`${what} timed out after ${timeoutMs} ms`)
  const cause = (e as { cause?: { message?: unknown } }).cause?.message
  const message = e instanceof Error ? e.message : String(e)
  throw new BlockError(`${what} failed: ${typeof cause === 'string' ? cause : message}`)
}

export async function runApiBlock(ctx: BlockContext): Promise<BlockResult> {
  const rawUrl = value(ctx, 'url')
  if (typeof rawUrl !== 'string' || rawUrl.trim() === '') {
    throw new BlockError('API block has no URL')
  }
  let url: URL
  try {
    url = new URL(rawUrl.trim())
  } catch {
    throw new BlockError(`API block URL is not valid: ${rawUrl}`)
  }
  for (const [k, v] of Object.entries(tableToRecord(value(ctx, 'params')))) {
    url.searchParams.append(k, v)
  }
  const method = String(value(ctx, 'method') || 'GET').toUpperCase()
  const headers = tableToRecord(value(ctx, 'headers'))
  const rawBody = subBlockValue(ctx.block, 'body')
  const bodyValue =
    typeof rawBody === 'string' && /^\s*[[{]/.test(rawBody)
      ? resolveJsonTemplate(rawBody, ctx.scope)
      : resolveValue(rawBody, ctx.scope)
  let body: string | undefined
  if (method !== 'GET' && method !== 'HEAD' && bodyValue !== undefined && bodyValue !== '') {
    body = typeof bodyValue === 'string' ? bodyValue : JSON.stringify(bodyValue)
    const hasType = Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')
    if (!hasType && (typeof bodyValue !== 'string' || safeJson(bodyValue) !== undefined)) {
      headers['Content-Type'] = 'application/json'
    }
  }
  const timeoutRaw = Number(value(ctx, 'timeout'))
  const timeoutMs =
    Number.isFinite(timeoutRaw) && timeoutRaw > 0 ? timeoutRaw : DEFAULT_API_TIMEOUT_MS
  let response: Response
  let text: string
  try {
    response = await ctx.fetch(url, {
      method,
      headers,
      body,
      signal: withTimeout(ctx.signal, timeoutMs),
    })
    text = await response.text()
  } catch (e) {
    fetchFailure(ctx, e, `Request to ${url.host}`, timeoutMs)
  }
  const contentType = response.headers.get('content-type') ?? ''
  const data = contentType.includes('json') ? (safeJson(text) ?? text) : text
  const responseHeaders = Object.fromEntries(response.headers.entries())
  if (!response.ok) {
    const detail = text.length > 200 ? `${text.slice(0, 200)}...` : text
    throw new BlockError(
      `Request failed with status ${response.status}${detail ? `: ${detail}` : ''}`,
    )
  }
  return { output: { data, status: response.status, headers: responseHeaders } }
}

interface ChatMessage {
  role: string
  content: string
}

function readMessages(ctx: BlockContext): ChatMessage[] {
  const messages: ChatMessage[] = []
  const system = value(ctx, 'systemPrompt')
  if (typeof system === 'string' && system.trim() !== '') {
    messages.push({ role: 'system', content: system })
  }
  let list = value(ctx, 'messages')
  if (typeof list === 'string') list = safeJson(list) ?? []
  if (Array.isArray(list)) {
    for (const m of list) {
      if (isRecord(m) && typeof m.role === 'string' && m.content !== undefined) {
        const content = typeof m.content === 'string' ? m.content : JSON.stringify(m.content)
        messages.push({ role: m.role, content })
      }
    }
  }
  const user = value(ctx, 'userPrompt')
  if (user !== undefined && user !== '') {
    messages.push({ role: 'user', content: typeof user === 'string' ? user : JSON.stringify(user) })
  }
  if (messages.length === 0) throw new BlockError('Agent block has no messages')
  return messages
}

interface Usage {
  prompt_tokens?: number
  completion_tokens?: number
  total_tokens?: number
}

export async function runAgentBlock(ctx: BlockContext): Promise<BlockResult> {
  if (!ctx.llm) throw new BlockError(NO_LLM_MESSAGE)
  const messages = readMessages(ctx)
  const model = String(value(ctx, 'model') || 'gpt-4o-mini')
  const temperature = Number(value(ctx, 'temperature'))
  const stream = ctx.streamPaths.has('content')
  const request = {
    model,
    messages,
    ...(Number.isFinite(temperature) && value(ctx, 'temperature') !== '' ? { temperature } : {}),
    ...(stream ? { stream: true, stream_options: { include_usage: true } } : {}),
  }
  const headers: Record<string, string> = { 'Content-Type': 'application/json' }
  if (ctx.llm.apiKey) headers.Authorization = `Bearer ${ctx.llm.apiKey}`
  const timeoutMs = 300_000
  const endpoint = `${ctx.llm.baseUrl.replace(/\/+$/, '')}/chat/completions`
  let content = ''
  let usage: Usage | undefined
  let answeredModel = model
  try {
    const response = await ctx.fetch(endpoint, {
      method: 'POST',
      headers,
      body: JSON.stringify(request),
      signal: withTimeout(ctx.signal, timeoutMs),
    })
    if (!response.ok) {
      const text = await response.text()
      const parsed = safeJson(text)
      const message =
        isRecord(parsed) && isRecord(parsed.error) && typeof parsed.error.message === 'string'
          ? parsed.error.message
          : text.slice(0, 200)
      throw new BlockError(
        `Language model request failed with status ${response.status}: ${message}`,
      )
    }
    if (stream && response.body) {
      const parser = createParser({
        onEvent(event) {
          if (event.data === '[DONE]') return
          const chunk = safeJson(event.data)
          if (!isRecord(chunk)) return
          if (typeof chunk.model === 'string') answeredModel = chunk.model
          if (isRecord(chunk.usage)) usage = chunk.usage as Usage
          const choice = Array.isArray(chunk.choices) ? chunk.choices[0] : undefined
          const delta =
            isRecord(choice) && isRecord(choice.delta) ? choice.delta.content : undefined
          if (typeof delta === 'string' && delta !== '') {
            content += delta
            ctx.emitChunk('content', delta)
          }
        },
      })
      const decoder = new TextDecoder()
      for await (const bytes of response.body) parser.feed(decoder.decode(bytes, { stream: true }))
    } else {
      const json = safeJson(await response.text())
      if (!isRecord(json))
        throw new BlockError('Language model answered with something other than JSON')
      const choice = Array.isArray(json.choices) ? json.choices[0] : undefined
      const message = isRecord(choice) && isRecord(choice.message) ? choice.message.content : ''
      content = typeof message === 'string' ? message : ''
      if (typeof json.model === 'string') answeredModel = json.model
      if (isRecord(json.usage)) usage = json.usage as Usage
    }
  } catch (e) {
    if (e instanceof BlockError) throw e
    fetchFailure(ctx, e, 'Language model request', timeoutMs)
  }
  // Without usage from the endpoint, estimate about four characters per token.
  const estimate = (text: string) => Math.ceil(text.length / 4)
  const prompt = usage?.prompt_tokens ?? estimate(messages.map((m) => m.content).join('\n'))
  const completion = usage?.completion_tokens ?? estimate(content)
  return {
    output: {
      content,
      model: answeredModel,
      tokens: { prompt, completion, total: usage?.total_tokens ?? prompt + completion },
    },
  }
}
