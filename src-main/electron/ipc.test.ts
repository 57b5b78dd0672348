// registerBridge with a stand-in ipcMain: the gate runs before any handler, and bad input is data.
import { describe, expect, it, vi } from 'vitest'
import { CHANNEL_NAMES } from '../../src-shared/bridge.ts'
import type { Handlers } from '../bridge/registry.ts'

type Listener = (event: unknown, input: unknown) => Promise<unknown>
const registered = new Map<string, Listener>()
vi.mock('electron', () => ({
  ipcMain: { handle: (name: string, listener: Listener) => registered.set(name, listener) },
}))

const { registerBridge } = await import('./ipc.ts')
const APP = 'file:///app/out/renderer/index.html'
const calls: unknown[] = []
const handlers = new Proxy({} as Handlers, {
  get: (_t, name) => async (input: unknown) => {
    calls.push({ name, input })
    if (name === 'app:info')
      return { name: 'Flowdeck', version: '1', mode: 'electron', platform: 'linux' }
    if (name === 'connections:has-key') return { hasKey: false }
    return null
  },
})
registerBridge(handlers, APP, () => undefined)

const frame = (url: string | undefined, main = true) => {
  const f: Record<string, unknown> = { url }
  f.top = main ? f : { url: APP }
  return f
}
const event = (senderFrame: unknown) => ({ senderFrame, sender: { id: 7 } })

describe('IPC registry', () => {
  it('registers every channel with one loop', () => {
    expect([...registered.keys()].sort()).toEqual([...CHANNEL_NAMES].sort())
  })

  it('lets our page in and answers with the envelope', async () => {
    const res = await registered.get('app:info')!(event(frame(APP)), {})
    expect(res).toEqual({
      ok: true,
      data: { name: 'Flowdeck', version: '1', mode: 'electron', platform: 'linux' },
    })
  })

  it.each([
    ['evil origin', frame('https://evil.example/')],
    ['lookalike', frame('file:///app/out/renderer/index.html.evil/x')],
    ['sub-frame', frame(APP, false)],
    ['missing frame', null],
    ['blank url', frame(undefined)],
  ])('refuses a %s before any handler runs', async (_label, senderFrame) => {
    calls.length = 0
    const res = await registered.get('connections:has-key')!(event(senderFrame), {
      connectionId: 'c1',
    })
    expect(res).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } })
    expect(calls).toEqual([])
  })

  it('turns malformed input into INVALID_INPUT without calling the handler', async () => {
    calls.length = 0
    for (const input of [{ connectionId: 5 }, 'text', [1, 2], { connectionId: '' }]) {
      const res = await registered.get('connections:has-key')!(event(frame(APP)), input)
      expect(res).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } })
    }
    const strict = await registered.get('app:info')!(event(frame(APP)), { extra: true })
    expect(strict).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } })
    expect(calls).toEqual([])
  })
})
