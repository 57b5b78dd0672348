// Time-ordered ids for table rows.
import { randomBytes } from 'node:crypto'

/**
 * A UUIDv7: 48 bits of milliseconds, then random bits. Ids made later sort later, so row
 * inserts append to the primary-key index; within one millisecond a counter keeps them ordered.
 */
let lastMs = 0
let sequence = 0
// One call into the CSPRNG per 256 ids: a 1000-row batch otherwise spends more time getting
// random bytes than inserting.
let pool = Buffer.alloc(0)
let poolAt = 0
function randomChunk(): Buffer {
  if (poolAt + 16 > pool.length) {
    pool = randomBytes(16 * 256)
    poolAt = 0
  }
  poolAt += 16
  return Buffer.from(pool.subarray(poolAt - 16, poolAt))
}
export function uuidv7(nowMs = Date.now()): string {
  if (nowMs > lastMs) {
    lastMs = nowMs
    sequence = 0
  } else if (++sequence > 0xfff) {
    // 4096 ids in one millisecond: borrow the next one, order stays intact.
    lastMs++
    sequence = 0
  }
  const bytes = randomChunk()
  bytes.writeUIntBE(lastMs, 0, 6)
  // 12 bits of sequence after the version nibble (rand_a), then the variant.
  bytes[6] = 0x70 | ((sequence >> 8) & 0x0f)
  bytes[7] = sequence & 0xff
  bytes[8] = 0x80 | ((bytes[8] as number) & 0x3f)
  const h = bytes.toString('hex')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
}
