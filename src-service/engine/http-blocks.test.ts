// api and agent blocks against real HTTP servers started here on 127.0.0.1 (external
// endpoints from the engine's point of view, not our API).
import { createServer } from 'node:http'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runWorkflow } from './run-workflow.ts'
import { shutdownFunctionPool } from './function-pool.ts'
import { NO_LLM_MESSAGE } from './http-blocks.ts'
import { block, definition, edge, start } from './test-helpers.ts'
import type { Definition } from './definition.ts'
import type { EngineEvent, RunRequest } from './types.ts'

type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => void

async function listen(handler: Handler): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString()))
    req.on('end', () => handler(req, body, res))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }
}

const run = (def: Definition, input: unknown = {}, extra: Partial<RunRequest> = {}) =>
  runWorkflow({ executionId: 'e', workflowId: 'w', definition: def, input, ...extra })

let api: { server: Server; url: string }
let llm: { server: Server; url: string }
const llmRequests: Array<{ auth?: string; body: Record<string, unknown> }> = []

beforeAll(async () => {
  api = await listen((req, body, res) => {
    const url = new URL(req.url!, 'http://x')
    if (url.pathname === '/echo') {
      res.setHeader('content-type', 'application/json')
      res.setHeader('x-seen', 'yes')
      res.end(
        JSON.stringify({
          method: req.method,
          query: Object.fromEntries(url.searchParams),
          auth: req.headers.authorization,
          type: req.headers['content-type'],
          body: body ? JSON.parse(body) : null,
        }),
      )
    } else if (url.pathname === '/text') {
      res.end('plain words')
    } else if (url.pathname === '/slow') {
      setTimeout(() => res.end('late'), 2_000)
    } else {
      res.statusCode = 404
      res.end('no such thing')
    }
  })
  llm = await listen((req, body, res) => {
    const parsed = JSON.parse(body) as Record<string, unknown>
    llmRequests.push({ auth: req.headers.authorization, body: parsed })
    if (parsed.model === 'broken') {
      res.statusCode = 401
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify({ error: { message: 'bad key' } }))
      return
    }
    if (!parsed.stream) {
      res.setHeader('content-type', 'application/json')
      res.end(
        JSON.stringify({
          model: 'echo-1',
          choices: [{ message: { role: 'assistant', content: 'Hello there' } }],
          usage: { prompt_tokens: 5, completion_tokens: 2, total_tokens: 7 },
        }),
      )
      return
    }
    res.setHeader('content-type', 'text/event-stream')
    const pieces = ['Hel', 'lo ', 'there']
    let i = 0
    const next = () => {
      if (i < pieces.length) {
        res.write(
          `data: ${JSON.stringify({ model: 'echo-1', choices: [{ delta: { content: pieces[i++] } }] })}\n\n`,
        )
        setTimeout(next, 5)
      } else {
        res.write(
          `data: ${JSON.stringify({ model: 'echo-1', choices: [], usage: { prompt_tokens: 5, completion_tokens: 3, total_tokens: 8 } })}\n\n`,
        )
        res.end('data: [DONE]\n\n')
      }
    }
    next()
  })
})

afterAll(async () => {
  api.server.closeAllConnections()
  await Promise.all([api, llm].map((s) => new Promise((r) => s.server.close(r))))
  await shutdownFunctionPool()
})

describe('api block', () => {
  const apiDef = (sub: Record<string, unknown>) =>
    definition(
      [start([{ name: 'q', type: 'string' }]), block('fetch', 'api', sub)],
      [edge('start', 'fetch')],
    )

  it('sends method, params, headers and a JSON body; parses the JSON answer', async () => {
    const def = apiDef({
      url: `${api.url}/echo`,
      method: 'POST',
      params: [{ id: 'p', cells: { Key: 'q', Value: '<start.q>' } }],
      headers: [{ id: 'h', cells: { Key: 'Authorization', Value: 'Bearer {{TOKEN}}' } }],
      body: '{"query": "<start.q>", "n": 2}',
    })
    const outcome = await run(def, { q: 'a b' }, { env: { TOKEN: 't0k' } })
    expect(outcome.status).toBe('success')
    expect(outcome.output).toMatchObject({
      status: 200,
      headers: { 'x-seen': 'yes' },
      data: {
        method: 'POST',
        query: { q: 'a b' },
        auth: 'Bearer t0k',
        type: 'application/json',
        body: { query: 'a b', n: 2 },
      },
    })
  })

  it('keeps a text answer as text', async () => {
    const outcome = await run(apiDef({ url: `${api.url}/text` }))
    expect(outcome.output).toMatchObject({ data: 'plain words', status: 200 })
  })

  it('fails the block on a non-2xx status, naming it', async () => {
    const outcome = await run(apiDef({ url: `${api.url}/missing` }))
    expect(outcome).toMatchObject({
      status: 'failed',
      failedBlockId: 'fetch',
      error: 'Request failed with status 404: no such thing',
    })
  })

  it('enforces its timeout', async () => {
    const outcome = await run(apiDef({ url: `${api.url}/slow`, timeout: 50 }))
    expect(outcome.error).toMatch(/timed out after 50 ms/)
  })
})

describe('agent block', () => {
  const agentDef = (model = 'gpt-test') =>
    definition(
      [
        start([{ name: 'question', type: 'string' }]),
        block(
          'agent',
          'agent',
          {
            systemPrompt: 'Be brief.',
            messages: [{ role: 'user', content: 'Q: <start.question>' }],
            model,
            temperature: 0.2,
          },
          { name: 'Agent 1' },
        ),
      ],
      [edge('start', 'agent')],
    )

  it('calls the chat endpoint and reports content, model and tokens', async () => {
    const outcome = await run(
      agentDef(),
      { question: 'hi?' },
      { llm: { baseUrl: `${llm.url}/v1/`, apiKey: 'k1' } },
    )
    expect(outcome.output).toEqual({
      content: 'Hello there',
      model: 'echo-1',
      tokens: { prompt: 5, completion: 2, total: 7 },
    })
    expect(llmRequests.at(-1)).toEqual({
      auth: 'Bearer k1',
      body: {
        model: 'gpt-test',
        temperature: 0.2,
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'Q: hi?' },
        ],
      },
    })
  })

  it('streams tokens as chunks when its content is selected', async () => {
    const events: EngineEvent[] = []
    const outcome = await run(
      agentDef(),
      { question: 'hi?' },
      {
        llm: { baseUrl: llm.url },
        selectedOutputs: ['agent1.content', 'agent1.tokens'],
        onEvent: (e) => events.push(e),
      },
    )
    expect(llmRequests.at(-1)!.body).toMatchObject({ stream: true })
    const chunks = events.flatMap((e) => (e.type === 'chunk' ? [[e.path, e.chunk]] : []))
    expect(chunks).toEqual([
      ['content', 'Hel'],
      ['content', 'lo '],
      ['content', 'there'],
      ['tokens', JSON.stringify({ prompt: 5, completion: 3, total: 8 }, null, 2)],
    ])
    expect(outcome.output).toMatchObject({ content: 'Hello there' })
  })

  it('fails clearly without a configured model or on an endpoint error', async () => {
    expect((await run(agentDef(), {})).error).toBe(NO_LLM_MESSAGE)
    const bad = await run(agentDef('broken'), {}, { llm: { baseUrl: llm.url } })
    expect(bad.error).toBe('Language model request failed with status 401: bad key')
  })
})
