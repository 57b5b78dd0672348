// Runs a command inside a private D-Bus session with a fresh, unlocked gnome-keyring,
// so vault tests use the real Secret Service and never touch the user's own keyring.
// Elsewhere (macOS, Windows, or already inside such a session) it runs the command as is.
import { spawn, spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const command = process.argv.slice(2)
if (command.length === 0) {
  console.error('usage: node scripts/with-keyring.ts <command> [args...]')
  process.exit(2)
}

const has = (bin: string) => spawnSync('sh', ['-c', `command -v ${bin}`]).status === 0
const needsSession = process.platform === 'linux' && process.env.FLOWDECK_KEYRING !== 'ready'

let child
let scratch: string | undefined
if (needsSession && has('dbus-run-session') && has('gnome-keyring-daemon')) {
  scratch = mkdtempSync(join(tmpdir(), 'flowdeck-keyring-'))
  const data = join(scratch, 'data')
  const runtime = join(scratch, 'run')
  mkdirSync(data, { recursive: true })
  mkdirSync(runtime, { recursive: true, mode: 0o700 })
  const script =
    'printf pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1; exec "$@"'
  child = spawn('dbus-run-session', ['--', 'sh', '-c', script, 'sh', ...command], {
    stdio: 'inherit',
    env: {
      ...process.env,
      XDG_DATA_HOME: data,
      XDG_RUNTIME_DIR: runtime,
      FLOWDECK_KEYRING: 'ready',
    },
  })
} else {
  if (needsSession) {
    console.warn(
      'with-keyring: dbus-run-session or gnome-keyring-daemon is missing; the vault tests need ' +
        'them (apt-get install gnome-keyring dbus-x11).',
    )
  }
  child = spawn(command[0]!, command.slice(1), {
    stdio: 'inherit',
    shell: process.platform === 'win32',
  })
}

const forward = (signal: NodeJS.Signals) => child.kill(signal)
process.on('SIGINT', forward)
process.on('SIGTERM', forward)
child.on('exit', (code, signal) => {
  if (scratch) rmSync(scratch, { recursive: true, force: true })
  process.exit(code ?? (signal ? 1 : 0))
})
