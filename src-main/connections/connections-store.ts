// Connections as JSON in the app data folder. Never the key: that lives in the vault.
import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import { z } from 'zod'
import { ConnectionSchema, type Connection } from '../../src-shared/bridge.ts'
import { BridgeFailure } from '../bridge/errors.ts'
import { jsonFile } from '../storage/json-file.ts'

export type NewConnection = Omit<Connection, 'id' | 'createdAt'> & { id?: string }

export function createConnectionsStore(dataDir: string, now: () => Date = () => new Date()) {
  const file = jsonFile(join(dataDir, 'connections.json'), z.array(ConnectionSchema), () => [])
  const all = () => file.read()
  const find = (id: string) => {
    const found = all().find((c) => c.id === id)
    if (!found) throw new BridgeFailure('NOT_FOUND', 'That connection does not exist any more.')
    return found
  }
  return {
    list: all,
    get: find,
    maybe: (id: string) => all().find((c) => c.id === id),
    local: () => all().find((c) => c.kind === 'local'),
    add(input: NewConnection): Connection {
      const connection = ConnectionSchema.parse({
        ...input,
        id: input.id ?? randomUUID(),
        createdAt: now().toISOString(),
      })
      file.write([...all(), connection])
      return connection
    },
    update(id: string, patch: Partial<Omit<Connection, 'id' | 'createdAt' | 'kind'>>): Connection {
      const current = find(id)
      const next = ConnectionSchema.parse({ ...current, ...patch })
      file.write(all().map((c) => (c.id === id ? next : c)))
      return next
    },
    remove(id: string): boolean {
      const before = all()
      const after = before.filter((c) => c.id !== id)
      file.write(after)
      return after.length !== before.length
    },
  }
}

export type ConnectionsStore = ReturnType<typeof createConnectionsStore>
