// Resolves a connection into something the HTTP core can call: its base URL (for "This
// computer", wherever the local service listens now) and its key, read from the vault per call.
import type { Connection } from '../../src-shared/bridge.ts'
import { BridgeFailure } from '../bridge/errors.ts'
import type { ConnectionsStore } from '../connections/connections-store.ts'
import type { Vault } from '../vault/vault.ts'
import {
  callEndpoint,
  downloadEndpoint,
  type CallArgs,
  type EndpointLike,
} from './endpoint-call.ts'
import type { Http, HttpTarget } from './http.ts'

export interface ServiceClientDeps {
  http: Http
  connections: ConnectionsStore
  vault: Vault
  localUrl(): Promise<string>
  timeoutMs(): number
}

export function createServiceClient(deps: ServiceClientDeps) {
  async function target(connectionId: string): Promise<HttpTarget & { connection: Connection }> {
    const connection = deps.connections.get(connectionId)
    const baseUrl = connection.kind === 'local' ? await deps.localUrl() : connection.baseUrl
    return {
      connection,
      connectionId,
      baseUrl,
      getKey: async () => {
        const key = await deps.vault.get(connectionId)
        if (!key) {
          throw new BridgeFailure(
            'UNAUTHORIZED',
            `No API key is stored for "${connection.name}". Add one in Connections.`,
          )
        }
        return key
      },
    }
  }

  return {
    target,
    http: deps.http,
    workspaceOf(input: { connectionId: string; workspaceId?: string }): string {
      return input.workspaceId ?? deps.connections.get(input.connectionId).workspaceId
    },
    async call<E extends EndpointLike>(connectionId: string, endpoint: E, args: CallArgs = {}) {
      return callEndpoint(deps.http, await target(connectionId), endpoint, {
        timeoutMs: deps.timeoutMs(),
        ...args,
      })
    },
    /** A binary endpoint's bytes (file downloads), at most `maxBytes`. */
    async download(
      connectionId: string,
      endpoint: EndpointLike,
      args: CallArgs & { maxBytes: number },
    ) {
      return downloadEndpoint(deps.http, await target(connectionId), endpoint, {
        timeoutMs: deps.timeoutMs(),
        ...args,
      })
    },
  }
}

export type ServiceClient = ReturnType<typeof createServiceClient>
