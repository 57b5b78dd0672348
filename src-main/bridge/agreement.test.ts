// The channel table, the handlers, the preload and the browser-mode shim name the same channels;
// no output schema has room for a key.
import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { CHANNEL_NAMES, channels, EVENT_NAMES, events } from '../../src-shared/bridge.ts'
import { createHandlers } from './handlers.ts'
import type { CoreDeps } from './deps.ts'

const exposed: Record<string, unknown> = {}
vi.mock('electron', () => ({
  contextBridge: {
    exposeInMainWorld: (name: string, api: unknown) => (exposed[name] = api),
  },
  ipcRenderer: {
    invoke: vi.fn(async () => ({ ok: true, data: null })),
    on: vi.fn(),
    removeListener: vi.fn(),
  },
}))

describe('bridge agreement', () => {
  it('every name has a schema and a handler, and nothing else does', () => {
    const anything = new Proxy({}, { get: () => ({}) }) as unknown as CoreDeps
    const handlers = createHandlers(anything)
    expect(Object.keys(channels).sort()).toEqual([...CHANNEL_NAMES].sort())
    expect(Object.keys(handlers).sort()).toEqual([...CHANNEL_NAMES].sort())
    expect(Object.keys(events).sort()).toEqual([...EVENT_NAMES].sort())
    for (const name of CHANNEL_NAMES) expect(name).toMatch(/^[a-z]+:[a-z]+(-[a-z]+)*$/)
  })

  it('the preload exposes exactly the channels plus `on`, in the main frame only', async () => {
    vi.stubGlobal('process', { ...process, isMainFrame: true })
    await import('../../src-preload/index.ts')
    const api = exposed.flowdeck as Record<string, unknown>
    expect(Object.keys(api).sort()).toEqual([...CHANNEL_NAMES, 'on'].sort())
    expect(Object.isFrozen(api)).toBe(true)
    expect(() => (api.on as (e: string, l: unknown) => void)('evil:event', () => 0)).toThrow()
    vi.unstubAllGlobals()
  })

  it('the preload gives a sub-frame nothing', async () => {
    vi.resetModules()
    delete exposed.flowdeck
    vi.stubGlobal('process', { ...process, isMainFrame: false })
    await import('../../src-preload/index.ts')
    expect(exposed.flowdeck).toBeUndefined()
    vi.unstubAllGlobals()
  })

  it('no output schema has a field that could carry a key', () => {
    const suspicious = /^(key|apikey|api_key|secret|password|token|value)$/i
    for (const name of CHANNEL_NAMES) {
      const schema = z.toJSONSchema(channels[name].output, { unrepresentable: 'any', io: 'output' })
      const text = JSON.stringify(schema)
      expect(text, name).not.toContain('sk-service-')
      const props: string[] = []
      const walk = (node: unknown) => {
        if (!node || typeof node !== 'object') return
        const obj = node as Record<string, unknown>
        if (obj.properties && typeof obj.properties === 'object') {
          props.push(...Object.keys(obj.properties))
        }
        for (const v of Object.values(obj)) walk(v)
      }
      walk(schema)
      // A workspace file's `key` is its storage key (spec, Workspace file), not an API key.
      const allowed = name === 'docs:list' ? ['key'] : []
      expect(
        props.filter((p) => suspicious.test(p) && !allowed.includes(p)),
        name,
      ).toEqual([])
    }
  })
})
