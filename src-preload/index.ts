// The whole preload: window.flowdeck built from the channel names, nothing else.
// It must stay a single CommonJS script that requires only 'electron' (sandbox: true).
import { contextBridge, ipcRenderer } from 'electron'
import { CHANNEL_NAMES, isEventName } from '../src-shared/bridge-names.ts'

const api: Record<string, unknown> = Object.fromEntries(
  CHANNEL_NAMES.map((name) => [name, (input: unknown) => ipcRenderer.invoke(name, input ?? {})]),
)

api.on = (event: unknown, listener: unknown) => {
  if (!isEventName(event) || typeof listener !== 'function') {
    throw new TypeError('Unknown bridge event')
  }
  const forward = (_e: unknown, payload: unknown) => listener(payload)
  ipcRenderer.on(event, forward)
  return () => ipcRenderer.removeListener(event, forward)
}

// Sub-frames get nothing: only our own top-level page may reach main.
if (process.isMainFrame) {
  contextBridge.exposeInMainWorld('flowdeck', Object.freeze(api))
}
