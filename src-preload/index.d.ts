import type { FlowdeckBridge } from '../src-shared/bridge.ts'

declare global {
  interface Window {
    /** Exposed by the preload (Electron) or the browser-mode shim. */
    flowdeck: FlowdeckBridge
  }
}
