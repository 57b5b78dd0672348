// Opaque keyset cursors: base64url JSON of the last row's sort key. Keyset (not offset)
// pagination keeps pages stable while rows are inserted.
export interface CursorKey {
  /** sort value of the last row (a timestamp here) */
  at: string
  id: string
}

export function encodeCursor(key: CursorKey): string {
  return Buffer.from(JSON.stringify([key.at, key.id])).toString('base64url')
}

/** null when the text is not a cursor this service issued. */
export function decodeCursor(text: string): CursorKey | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'))
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      typeof value[1] === 'string'
    ) {
      return { at: value[0], id: value[1] }
    }
  } catch {
    // fall through: not ours
  }
  return null
}

export interface Page<T> {
  items: T[]
  nextCursor: string | null
}

/** Repositories fetch limit + 1 rows; the extra row only tells whether a next page exists. */
export function toPage<T>(rows: T[], limit: number, keyOf: (row: T) => CursorKey): Page<T> {
  if (rows.length <= limit) return { items: rows, nextCursor: null }
  const items = rows.slice(0, limit)
  return { items, nextCursor: encodeCursor(keyOf(items[items.length - 1] as T)) }
}
