// Group commit: writes queued during one turn of the event loop commit together in a single
// transaction on the next. Every run writes twice (admitted, ended); under load most of a
// commit's cost is shared, so batching them is what keeps durable run records cheap. Callers
// await their write: when the promise resolves, it is committed. A write that throws fails
// alone: the batch is rolled back and its writes are replayed one transaction each.
import type { Db } from './db.ts'

interface Item {
  fn: () => unknown
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown }

export function createWriteBatch(db: Db) {
  let queue: Item[] = []
  let scheduled = false

  /** All items in one transaction; null when one of them threw (everything rolled back). */
  function together(items: Item[]): unknown[] | null {
    db.stmt('BEGIN IMMEDIATE').run()
    const values: unknown[] = []
    try {
      for (const item of items) values.push(item.fn())
    } catch {
      db.stmt('ROLLBACK').run()
      return null
    }
    db.stmt('COMMIT').run()
    return values
  }

  function alone(item: Item): Outcome {
    db.stmt('BEGIN IMMEDIATE').run()
    try {
      const value = item.fn()
      db.stmt('COMMIT').run()
      return { ok: true, value }
    } catch (error) {
      db.stmt('ROLLBACK').run()
      return { ok: false, error }
    }
  }

  function flush(): void {
    scheduled = false
    const items = queue
    queue = []
    if (items.length === 0) return
    let outcomes: Outcome[]
    try {
      const values = together(items)
      outcomes = values
        ? values.map((value) => ({ ok: true as const, value }))
        : items.map((item) => alone(item))
    } catch (error) {
      // The database itself failed (closed, disk full): nothing was written.
      if (db.raw.isOpen && db.raw.isTransaction) db.raw.exec('ROLLBACK')
      for (const item of items) item.reject(error)
      return
    }
    items.forEach((item, i) => {
      const outcome = outcomes[i]!
      if (outcome.ok) item.resolve(outcome.value)
      else item.reject(outcome.error)
    })
  }

  return {
    /** Runs `fn` (synchronous store writes) in the next group commit; resolves once committed.
     * `fn` may run twice (when another write of its batch fails), so it must only write. */
    run<T>(fn: () => T): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push({ fn, resolve: resolve as (value: unknown) => void, reject })
        if (!scheduled) {
          scheduled = true
          setImmediate(flush)
        }
      })
    },
  }
}

export type WriteBatch = ReturnType<typeof createWriteBatch>
