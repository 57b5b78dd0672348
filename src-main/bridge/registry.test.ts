import { describe, expect, it } from 'vitest'
import { BridgeFailure } from './errors.ts'
import { dispatch, type HandlerContext, type Handlers } from './registry.ts'

const ctx: HandlerContext = { mode: 'web', subscriberId: 's', emit: () => undefined }
const handlers = (impl: (name: string) => unknown) =>
  new Proxy({} as Handlers, { get: (_t, name) => async () => impl(String(name)) })

describe('dispatch', () => {
  it('refuses unknown channels', async () => {
    expect(
      await dispatch(
        handlers(() => null),
        'evil:channel',
        {},
        ctx,
      ),
    ).toMatchObject({
      ok: false,
      error: { code: 'BAD_REQUEST' },
    })
  })

  it('turns thrown failures into data and hides anything unexpected', async () => {
    const failing = handlers(() => {
      throw new BridgeFailure('NOT_FOUND', 'Gone.', { status: 404 })
    })
    expect(await dispatch(failing, 'jobs:get', { jobId: 'x' }, ctx)).toEqual({
      ok: false,
      error: { code: 'NOT_FOUND', status: 404, message: 'Gone.' },
    })
    const crashing = handlers(() => {
      throw new Error('at /home/me/secret/path.ts:1 sk-service-abc')
    })
    const res = await dispatch(crashing, 'jobs:get', { jobId: 'x' }, ctx)
    expect(res).toMatchObject({ ok: false, error: { code: 'INTERNAL' } })
    expect(JSON.stringify(res)).not.toMatch(/secret|sk-service-/)
  })

  it('withholds any answer that carries something shaped like a key', async () => {
    const leaky = handlers(() => ({ data: [{ note: 'sk-service-LEAKED' }] }))
    const res = await dispatch(leaky, 'workflows:list', { connectionId: 'c' }, ctx)
    expect(res).toMatchObject({ ok: false, error: { code: 'INTERNAL' } })
    expect(JSON.stringify(res)).not.toContain('sk-service-')
  })

  it('refuses answers that do not fit the output schema', async () => {
    const wrong = handlers(() => ({ hasKey: 'yes' }))
    expect(await dispatch(wrong, 'connections:has-key', { connectionId: 'c' }, ctx)).toMatchObject({
      ok: false,
      error: { code: 'INTERNAL' },
    })
  })
})
