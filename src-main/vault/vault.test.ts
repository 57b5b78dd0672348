// Runs against the real Secret Service: `npm run test:unit` wraps vitest in
// scripts/with-keyring.ts (a private D-Bus session with an unlocked gnome-keyring).
import { spawnSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { resolve } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { BridgeFailure } from '../bridge/errors.ts'
import { createVault, KEYCHAIN_UNAVAILABLE_MESSAGE } from './vault.ts'

const SERVICE = `flowdeck-test-${process.pid}`
const vault = createVault(undefined, SERVICE)
const used: string[] = []
const id = () => {
  const value = randomUUID()
  used.push(value)
  return value
}

afterEach(async () => {
  for (const account of used.splice(0)) await vault.delete(account).catch(() => undefined)
})

describe('vault against the system keychain', () => {
  it('stores, reports, reads (main only) and deletes a key per connection', async () => {
    const a = id()
    const b = id()
    expect(await vault.has(a)).toBe(false)
    await vault.set(a, 'sk-service-aaa')
    await vault.set(b, 'sk-service-bbb')
    expect(await vault.has(a)).toBe(true)
    expect(await vault.get(a)).toBe('sk-service-aaa')
    expect(await vault.get(b)).toBe('sk-service-bbb')
    await vault.set(a, 'sk-service-replaced')
    expect(await vault.get(a)).toBe('sk-service-replaced')
    expect(await vault.delete(a)).toBe(true)
    expect(await vault.has(a)).toBe(false)
    expect(await vault.get(a)).toBeNull()
    expect(await vault.delete(a)).toBe(false)
  })

  it('refuses an empty key', async () => {
    await expect(vault.set(id(), '   ')).rejects.toMatchObject({ code: 'INVALID_INPUT' })
  })
})

describe('vault without a keychain', () => {
  it('says so in plain words and stores nothing elsewhere', async () => {
    const broken = createVault({
      setPassword: () => Promise.reject(new Error('Cannot autolaunch D-Bus without X11 $DISPLAY')),
      getPassword: () => Promise.reject(new Error('org.freedesktop.DBus.Error.ServiceUnknown')),
      deletePassword: () => Promise.reject(new Error('nope')),
    })
    const failure = await broken.set('c1', 'sk-service-x').catch((e: unknown) => e)
    expect(failure).toBeInstanceOf(BridgeFailure)
    expect(failure).toMatchObject({ code: 'KEYCHAIN_UNAVAILABLE' })
    expect((failure as Error).message).toBe(KEYCHAIN_UNAVAILABLE_MESSAGE)
    expect((failure as Error).message).not.toMatch(/D-Bus|X11/)
    await expect(broken.has('c1')).rejects.toMatchObject({ code: 'KEYCHAIN_UNAVAILABLE' })
  })

  it('maps the real keytar failure when no Secret Service is reachable', () => {
    // A child process with no session bus: keytar itself fails, the vault translates it.
    const script = `
      const { createVault } = await import(${JSON.stringify(resolve(import.meta.dirname, 'vault.ts'))});
      try { await createVault(undefined, 'flowdeck-test-nobus').set('x', 'sk-service-x'); console.log('stored') }
      catch (e) { console.log(e.code) }`
    const out = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/flowdeck-bus',
      },
      encoding: 'utf8',
      timeout: 15_000,
    })
    expect(out.stdout.trim()).toBe('KEYCHAIN_UNAVAILABLE')
  })
})
