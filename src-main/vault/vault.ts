// The OS keychain behind four functions. Keys live only here (service "flowdeck",
// account = connection id); when no keychain answers we refuse rather than fall back to a file.
import keytar from 'keytar'
import { BridgeFailure } from '../bridge/errors.ts'

export const VAULT_SERVICE = 'flowdeck'

/** The slice of keytar we use; tests may pass another backend to simulate a missing keychain. */
export interface KeychainBackend {
  setPassword(service: string, account: string, password: string): Promise<void>
  getPassword(service: string, account: string): Promise<string | null>
  deletePassword(service: string, account: string): Promise<boolean>
}

export interface Vault {
  set(connectionId: string, key: string): Promise<void>
  has(connectionId: string): Promise<boolean>
  delete(connectionId: string): Promise<boolean>
  /** Main-only: the API client reads the key to sign a request. No bridge channel calls this. */
  get(connectionId: string): Promise<string | null>
}

export const KEYCHAIN_UNAVAILABLE_MESSAGE =
  'The system keychain is not available, so Flowdeck cannot store API keys safely. ' +
  'Unlock or install a keychain (on Linux: GNOME Keyring or KWallet with the Secret Service) ' +
  'and try again. Flowdeck never stores keys anywhere else.'

function unavailable(): BridgeFailure {
  // The backend's own message (D-Bus addresses, library names) is not for people; it is dropped.
  return new BridgeFailure('KEYCHAIN_UNAVAILABLE', KEYCHAIN_UNAVAILABLE_MESSAGE)
}

export function createVault(
  backend: KeychainBackend = keytar,
  service: string = VAULT_SERVICE,
): Vault {
  const guard = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work()
    } catch {
      throw unavailable()
    }
  }
  const account = (connectionId: string) => {
    if (!connectionId) throw new BridgeFailure('INVALID_INPUT', 'A connection id is required.')
    return connectionId
  }
  return {
    set: (id, key) => {
      if (!key.trim()) {
        return Promise.reject(new BridgeFailure('INVALID_INPUT', 'The API key is empty.'))
      }
      return guard(() => backend.setPassword(service, account(id), key.trim()))
    },
    has: (id) => guard(async () => (await backend.getPassword(service, account(id))) !== null),
    delete: (id) => guard(() => backend.deletePassword(service, account(id))),
    get: (id) => guard(() => backend.getPassword(service, account(id))),
  }
}
