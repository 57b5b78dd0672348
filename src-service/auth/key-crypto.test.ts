import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  SECRET_FILE,
  createKeyCipher,
  generateKeyValue,
  hashKey,
  loadSecret,
} from './key-crypto.ts'

describe('key values', () => {
  it('are sk-service- plus 32 random bytes in base64url', () => {
    const value = generateKeyValue()
    expect(value).toMatch(/^sk-service-[A-Za-z0-9_-]{43}$/)
    expect(generateKeyValue()).not.toBe(value)
    expect(hashKey(value)).toMatch(/^[0-9a-f]{64}$/)
  })
})

describe('key cipher (AES-256-GCM)', () => {
  const cipher = createKeyCipher(Buffer.alloc(32, 7))

  it('round-trips and uses a fresh IV each time', () => {
    const sealed = cipher.encrypt('sk-service-abc')
    expect(cipher.decrypt(sealed)).toBe('sk-service-abc')
    expect(cipher.encrypt('sk-service-abc')).not.toBe(sealed)
  })

  it('rejects tampered ciphertext and a different secret', () => {
    const sealed = Buffer.from(cipher.encrypt('sk-service-abc'), 'base64url')
    sealed[sealed.length - 1] ^= 1
    expect(() => cipher.decrypt(sealed.toString('base64url'))).toThrow()
    const other = createKeyCipher(Buffer.alloc(32, 8))
    expect(() => other.decrypt(cipher.encrypt('x'))).toThrow()
  })
})

describe('loadSecret', () => {
  it('creates secret.key (0600) once and reads it back', () => {
    const dir = mkdtempSync(join(tmpdir(), 'flowdeck-secret-'))
    try {
      const first = loadSecret(dir)
      expect(first).toHaveLength(32)
      expect(statSync(join(dir, SECRET_FILE)).mode & 0o777).toBe(0o600)
      expect(loadSecret(dir).equals(first)).toBe(true)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('prefers an explicit secret: 64 hex characters as is, anything else hashed', () => {
    const hex = 'ab'.repeat(32)
    expect(loadSecret(null, hex).toString('hex')).toBe(hex)
    expect(loadSecret(null, 'passphrase')).toHaveLength(32)
    expect(loadSecret(null, 'passphrase').equals(loadSecret(null, 'passphrase'))).toBe(true)
  })
})
