// Small JSON documents in the app's data folder (connections, tracked jobs, settings).
// Writes go to a temp file first and are renamed, so a crash never leaves half a file.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import type { z } from 'zod'

export interface JsonFile<T> {
  read(): T
  write(value: T): void
}

/** A file that is missing or does not match the schema reads as `fallback()`. */
export function jsonFile<S extends z.ZodType>(
  path: string,
  schema: S,
  fallback: () => z.output<S>,
): JsonFile<z.output<S>> {
  return {
    read() {
      let text: string
      try {
        text = readFileSync(path, 'utf8')
      } catch {
        return fallback()
      }
      try {
        const parsed = schema.safeParse(JSON.parse(text))
        if (parsed.success) return parsed.data
      } catch {
        // Unreadable JSON: keep a copy for the curious, start over.
      }
      try {
        renameSync(path, `${path}.broken-${Date.now()}`)
      } catch {
        // Nothing to keep.
      }
      return fallback()
    },
    write(value) {
      mkdirSync(dirname(path), { recursive: true })
      const temp = `${path}.${process.pid}.tmp`
      writeFileSync(temp, JSON.stringify(value, null, 2) + '\n', { mode: 0o600 })
      renameSync(temp, path)
    },
  }
}
