import { afterEach, describe, expect, it } from 'vitest'
import { openDatabase, type Db } from './db.ts'
import { createWriteBatch } from './write-batch.ts'

let db: Db
afterEach(() => db?.close())

const count = () => Number(db.raw.prepare('SELECT COUNT(*) AS n FROM t').get()!.n)

describe('write batch', () => {
  it('commits the writes of one turn together and resolves each with its value', async () => {
    db = openDatabase(null)
    db.raw.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT NOT NULL)')
    const batch = createWriteBatch(db)
    const insert = (v: string) => () =>
      Number(db.stmt('INSERT INTO t (v) VALUES (?)').run(v).lastInsertRowid)
    const pending = [batch.run(insert('a')), batch.run(insert('b')), batch.run(insert('c'))]
    // Nothing is written until the batch runs.
    expect(count()).toBe(0)
    expect(await Promise.all(pending)).toEqual([1, 2, 3])
    expect(count()).toBe(3)
    expect(db.raw.isTransaction).toBe(false)
  })

  it('rolls back only the write that failed', async () => {
    db = openDatabase(null)
    db.raw.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT NOT NULL)')
    const batch = createWriteBatch(db)
    const ok = batch.run(() => db.stmt('INSERT INTO t (v) VALUES (?)').run('kept'))
    const bad = batch.run(() => {
      db.stmt('INSERT INTO t (v) VALUES (?)').run('half')
      db.stmt('INSERT INTO t (v) VALUES (?)').run(null)
    })
    const after = batch.run(() => db.stmt('INSERT INTO t (v) VALUES (?)').run('also kept'))
    await expect(bad).rejects.toThrow(/NOT NULL/)
    await ok
    await after
    const rows = db.raw
      .prepare('SELECT v FROM t ORDER BY id')
      .all()
      .map((r) => r.v)
    expect(rows).toEqual(['kept', 'also kept'])
  })

  it('rejects every write when the database is gone', async () => {
    db = openDatabase(null)
    const batch = createWriteBatch(db)
    const write = batch.run(() => 1)
    db.close()
    await expect(write).rejects.toThrow()
  })
})
