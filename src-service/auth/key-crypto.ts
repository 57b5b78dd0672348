// Key material: generating API key values, hashing them for lookup, and encrypting them at
// rest with AES-256-GCM under the server secret.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

export const KEY_PREFIX = 'sk-service-'
export const SECRET_FILE = 'secret.key'

export function generateKeyValue(): string {
  return KEY_PREFIX + randomBytes(32).toString('base64url')
}

/** The lookup hash: SHA-256 is enough because key values carry 256 bits of entropy. */
export function hashKey(value: string): string {
  return createHash('sha256').update(value).digest('hex')
}

/** What a listing may show of a key: its prefix and last four characters. */
export function displayKey(value: string): string {
  return `${KEY_PREFIX}...${value.slice(-4)}`
}

export interface KeyCipher {
  encrypt(plain: string): string
  decrypt(sealed: string): string
}

/** sealed = base64url(iv 12 bytes | tag 16 bytes | ciphertext) */
export function createKeyCipher(secret: Buffer): KeyCipher {
  if (secret.length !== 32) throw new Error('The encryption secret must be 32 bytes')
  return {
    encrypt(plain) {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', secret, iv)
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')
    },
    decrypt(sealed) {
      const raw = Buffer.from(sealed, 'base64url')
      const decipher = createDecipheriv('aes-256-gcm', secret, raw.subarray(0, 12))
      decipher.setAuthTag(raw.subarray(12, 28))
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')
    },
  }
}

/**
 * The server secret, in order of preference: an explicit value (option or
 * SERVICE_ENCRYPTION_KEY; 64 hex characters are used as is, anything else is hashed to 32
 * bytes), else `secret.key` in the data folder, created on first start with mode 0600.
 * Without a data folder the secret is random for the life of the process.
 */
export function loadSecret(dataDir: string | null, explicit?: string): Buffer {
  if (explicit) {
    return /^[0-9a-f]{64}$/i.test(explicit)
      ? Buffer.from(explicit, 'hex')
      : createHash('sha256').update(explicit).digest()
  }
  if (dataDir === null) return randomBytes(32)
  const file = join(dataDir, SECRET_FILE)
  if (existsSync(file)) {
    const secret = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64')
    if (secret.length !== 32) throw new Error(`${file} does not hold a 32-byte secret`)
    return secret
  }
  mkdirSync(dataDir, { recursive: true })
  const secret = randomBytes(32)
  writeFileSync(file, secret.toString('base64') + '\n', { mode: 0o600, flag: 'wx' })
  return secret
}
