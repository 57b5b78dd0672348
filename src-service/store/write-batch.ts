// Group commit: writes queued during one turn of the event loop commit together in a single
// transaction on the next, each inside its own savepoint so one failing write rolls back alone.
// Every run writes twice (admitted, ended); under load most of a commit's cost is shared, so
// batching them is what keeps durable run records cheap. Callers await their write: when the
// promise resolves, it is committed.
import type { Db } from './db.ts'

interface Item {
  fn: () => unknown
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
}

export function createWriteBatch(db: Db) {
  let queue: Item[] = []
  let scheduled = false

  function flush(): void {
    scheduled = false
    const items = queue
    queue = []
    if (items.length === 0) return
    const outcomes: Array<{ ok: true; value: unknown } | { ok: false; error: unknown }> = []
    try {
      db.raw.exec('BEGIN IMMEDIATE')
      for (const item of items) {
        db.raw.exec('SAVEPOINT batch_item')
        try {
          const value = item.fn()
          db.raw.exec('RELEASE batch_item')
          outcomes.push({ ok: true, value })
        } catch (error) {
          db.raw.exec('ROLLBACK TO batch_item')
          db.raw.exec('RELEASE batch_item')
          outcomes.push({ ok: false, error })
        }
      }
      db.raw.exec('COMMIT')
    } catch (error) {
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
    /** Runs `fn` (synchronous store writes) in the next group commit; resolves once committed. */
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
