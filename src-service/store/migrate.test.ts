import { afterEach, describe, expect, it } from 'vitest'
import { openDatabase, transaction, type Db } from './db.ts'
import { migrate } from './migrate.ts'
import { MIGRATIONS } from './migrations/index.ts'

let db: Db
afterEach(() => db?.close())

describe('migrate', () => {
  it('applies every migration once and records it', () => {
    db = openDatabase(null)
    expect(migrate(db)).toEqual(MIGRATIONS.map((m) => m.version))
    expect(migrate(db)).toEqual([])
    const rows = db.raw.prepare('SELECT version FROM schema_migrations ORDER BY version').all()
    expect(rows.map((r) => Number(r.version))).toEqual(MIGRATIONS.map((m) => m.version))
  })

  it('rolls back every pending migration when one fails', () => {
    db = openDatabase(null)
    const broken = [
      { version: 1, name: 'ok', sql: 'CREATE TABLE a (id TEXT)' },
      { version: 2, name: 'bad', sql: 'CREATE TABLE nope (' },
    ]
    expect(() => migrate(db, broken)).toThrow()
    const tables = db.raw.prepare("SELECT name FROM sqlite_master WHERE name = 'a'").all()
    expect(tables).toEqual([])
    expect(db.raw.prepare('SELECT COUNT(*) AS n FROM schema_migrations').get()?.n).toBe(0)
  })

  it('refuses duplicate or unordered numbers', () => {
    db = openDatabase(null)
    const sql = 'SELECT 1'
    expect(() =>
      migrate(db, [
        { version: 2, name: 'b', sql },
        { version: 1, name: 'a', sql },
      ]),
    ).toThrow(/out of order/)
    expect(() =>
      migrate(db, [
        { version: 1, name: 'a', sql },
        { version: 1, name: 'b', sql },
      ]),
    ).toThrow(/Duplicate/)
  })
})

describe('transaction', () => {
  it('commits on return, rolls back on throw, and joins an outer transaction', () => {
    db = openDatabase(null)
    db.raw.exec('CREATE TABLE t (v INTEGER)')
    const insert = (v: number) => db.stmt('INSERT INTO t (v) VALUES (?)').run(v)
    transaction(db, () => insert(1))
    expect(() =>
      transaction(db, () => {
        insert(2)
        transaction(db, () => insert(3))
        throw new Error('boom')
      }),
    ).toThrow('boom')
    expect(
      db.raw
        .prepare('SELECT v FROM t')
        .all()
        .map((r) => r.v),
    ).toEqual([1])
  })

  it('caches prepared statements per SQL text', () => {
    db = openDatabase(null)
    expect(db.stmt('SELECT 1')).toBe(db.stmt('SELECT 1'))
  })
})
