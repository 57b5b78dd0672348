// Electron: the local service through utilityProcess.fork (a Node child without a window,
// supervised by Electron; no ELECTRON_RUN_AS_NODE needed, so that fuse stays off).
import { utilityProcess } from 'electron'
import { createInterface } from 'node:readline'
import type { Launcher } from '../local/local-service.ts'

export function utilityLauncher(modulePath: string): Launcher {
  return (args) => {
    const child = utilityProcess.fork(modulePath, args, {
      stdio: 'pipe',
      serviceName: 'Flowdeck local service',
    })
    let exitCode: number | null | undefined
    child.once('exit', (code) => (exitCode = code))
    return {
      onLine(listener) {
        if (child.stdout) createInterface({ input: child.stdout }).on('line', listener)
        if (child.stderr) createInterface({ input: child.stderr }).on('line', listener)
      },
      onExit(listener) {
        if (exitCode !== undefined) listener(exitCode)
        else child.once('exit', (code) => listener(code))
      },
      kill() {
        child.kill()
      },
    }
  }
}
