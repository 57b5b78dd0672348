// Browser mode's transport: the launch token, the custom header, the same envelope as IPC,
// and pushed events reaching only the page they are for.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Handlers } from '../bridge/registry.ts'
import { startWebServer, type WebServer } from './server.ts'

const dir = mkdtempSync(join(tmpdir(), 'flowdeck-web-'))
writeFileSync(join(dir, 'index.html'), '<html><head></head><body>hi</body></html>')
let web: WebServer
let cookie = ''

const handlers = new Proxy({} as Handlers, {
  get:
    (_t, name) =>
    async (_input: unknown, ctx: { subscriberId: string; emit: WebServer['emit'] }) => {
      if (name === 'jobs:subscribe') {
        ctx.emit(ctx.subscriberId, 'jobs:changed', { jobIds: ['for-' + ctx.subscriberId] })
        return { ok: true }
      }
      return { name: 'Flowdeck', version: '1', mode: 'web', platform: 'linux' }
    },
})

beforeAll(async () => {
  web = await startWebServer({ rendererDir: dir, handlers, token: 'launch-token-123' })
  const res = await fetch(web.launchUrl, { redirect: 'manual' })
  cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!
})
afterAll(async () => {
  await web.close()
  rmSync(dir, { recursive: true, force: true })
})

const call = (name: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${web.url}/__flowdeck/call/${name}`, {
    method: 'POST',
    headers: { cookie, 'X-Flowdeck-Bridge': '1', 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })

describe('browser-mode bridge', () => {
  it('trades the launch token for an HttpOnly cookie; without it everything is closed', async () => {
    expect(cookie).toBe('flowdeck_session=launch-token-123')
    expect((await fetch(`${web.url}/`)).status).toBe(401)
    expect((await fetch(`${web.url}/?token=wrong`)).status).toBe(401)
    const page = await fetch(`${web.url}/`, { headers: { cookie } })
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'")
    expect(await page.text()).toContain('/__flowdeck/bridge.js')
  })

  it('answers with the same envelope as IPC and refuses calls without the custom header', async () => {
    expect(await (await call('app:info', {})).json()).toMatchObject({
      ok: true,
      data: { mode: 'web' },
    })
    expect((await call('app:info', {}, { 'X-Flowdeck-Bridge': '0' })).status).toBe(403)
    expect(await (await call('app:info', { extra: 1 })).json()).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT' },
    })
    expect(await (await call('nope:nope', {})).json()).toMatchObject({
      ok: false,
      error: { code: 'BAD_REQUEST' },
    })
  })

  it('pushes an event only to the page that subscribed', async () => {
    const open = async (id: string) => {
      const controller = new AbortController()
      const res = await fetch(`${web.url}/__flowdeck/events?subscriber=${id}`, {
        headers: { cookie },
        signal: controller.signal,
      })
      const reader = res.body!.getReader()
      let text = ''
      const pump = (async () => {
        for (;;) {
          const { value, done } = await reader
            .read()
            .catch(() => ({ value: undefined, done: true }))
          if (done) return
          text += new TextDecoder().decode(value)
        }
      })()
      return { read: () => text, stop: () => (controller.abort(), pump) }
    }
    const a = await open('page-a')
    const b = await open('page-b')
    await call('jobs:subscribe', {}, { 'X-Flowdeck-Subscriber': 'page-a' })
    await expect.poll(() => a.read()).toContain('for-page-a')
    expect(b.read()).not.toContain('jobs:changed')
    await a.stop()
    await b.stop()
  })
})
