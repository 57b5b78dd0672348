// Connections: the list, add/edit/remove, the write-only key, and "test connection".
import type { ErrorCode } from '../../src-shared/bridge.ts'
import type { Connection } from '../../src-shared/bridge.ts'
import { normalizeBaseUrl, parseDashboardUrl } from '../connections/dashboard-url.ts'
import { endpoints } from '../../src-shared/api/endpoints.ts'
import type { AreaHandlers, CoreDeps } from './deps.ts'
import { BridgeFailure } from './errors.ts'

/** What a failed test means, in words a person can act on. */
const TEST_WORDS: Partial<Record<ErrorCode, string>> = {
  UNAUTHORIZED:
    'The service did not accept the key. Check that it was copied whole and is not revoked.',
  FORBIDDEN:
    'The key works but may not read this workspace. Check the workspace id, the key’s scope, and whether the workspace allows personal keys.',
  NOT_FOUND: 'The service does not know this workspace. Check the workspace id.',
  NETWORK: 'Flowdeck could not reach the service. Check the base URL and your network.',
  TIMEOUT: 'The service did not answer in time. It may be down or very slow.',
  INVALID_RESPONSE:
    'Something answered, but it does not look like the workflow service. Check the base URL.',
  INVALID_JSON:
    'Something answered, but it does not look like the workflow service. Check the base URL.',
}

export function connectionsHandlers(deps: CoreDeps): AreaHandlers<'connections'> {
  // The list must still show when the keychain is away; set-key then explains why it refuses.
  const view = async (c: Connection) => {
    try {
      return { ...c, hasKey: await deps.vault.has(c.id), keychainAvailable: true }
    } catch {
      return { ...c, hasKey: false, keychainAvailable: false }
    }
  }
  const local = (id: string) => {
    if (deps.connections.get(id).kind === 'local') {
      throw new BridgeFailure(
        'BAD_REQUEST',
        '"This computer" is managed by Flowdeck and cannot be changed.',
      )
    }
  }
  return {
    'connections:list': async () => Promise.all(deps.connections.list().map(view)),
    'connections:add': async (input) =>
      view(
        deps.connections.add({
          ...input,
          baseUrl: normalizeBaseUrl(input.baseUrl),
          kind: 'remote',
          origin: 'user',
        }),
      ),
    'connections:parse-link': async ({ url }) => parseDashboardUrl(url),
    'connections:update': async ({ connectionId, ...patch }) => {
      local(connectionId)
      const clean = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined))
      if (typeof clean.baseUrl === 'string') clean.baseUrl = normalizeBaseUrl(clean.baseUrl)
      return view(deps.connections.update(connectionId, clean))
    },
    'connections:remove': async ({ connectionId }) => {
      local(connectionId)
      deps.connections.get(connectionId)
      // The key goes first: a connection is never removed while its key stays behind.
      await deps.vault.delete(connectionId)
      deps.connections.remove(connectionId)
      deps.rateLimits.delete(connectionId)
      return { ok: true as const }
    },
    'connections:test': async (input) => {
      try {
        // A cheap, read-only call every key type may make on its own workspace.
        await deps.client.call(input.connectionId, endpoints.listWorkflows, {
          query: { workspaceId: deps.client.workspaceOf(input), limit: 1 },
          timeoutMs: 10_000,
          // A test answers now: no waiting through network retries.
          repeat: 'refused-only',
        })
        return { ok: true, message: 'Connected: the key works for this workspace.' }
      } catch (err) {
        if (!(err instanceof BridgeFailure)) throw err
        return {
          ok: false,
          code: err.code,
          ...(err.status === undefined ? {} : { status: err.status }),
          message: TEST_WORDS[err.code] ?? err.message,
        }
      }
    },
    'connections:set-key': async ({ connectionId, key }) => {
      deps.connections.get(connectionId)
      await deps.vault.set(connectionId, key)
      return { hasKey: true as const }
    },
    'connections:has-key': async ({ connectionId }) => ({
      hasKey: await deps.vault.has(connectionId),
    }),
    'connections:delete-key': async ({ connectionId }) => {
      await deps.vault.delete(connectionId)
      return { hasKey: false as const }
    },
  }
}
