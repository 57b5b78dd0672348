// Browser mode (and tests): the local service through child_process.fork.
import { fork } from 'node:child_process'
import { createInterface } from 'node:readline'
import type { ChildHandle, Launcher } from './local-service.ts'

export function nodeLauncher(modulePath: string, env: NodeJS.ProcessEnv = process.env): Launcher {
  return (args) => {
    const child = fork(modulePath, args, {
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      env,
      // The service is plain Node: the same executable that runs us (Node 24) runs it.
      execPath: process.execPath,
    })
    const handle: ChildHandle = {
      onLine(listener) {
        createInterface({ input: child.stdout! }).on('line', listener)
        createInterface({ input: child.stderr! }).on('line', listener)
      },
      onExit(listener) {
        if (child.exitCode !== null) listener(child.exitCode)
        else child.once('exit', (code) => listener(code))
      },
      kill() {
        child.kill('SIGTERM')
      },
    }
    return handle
  }
}
