// `npm run web`: the local service, the bridge handlers and the built renderer on 127.0.0.1.
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { createCore } from '../core.ts'
import { defaultDataDir, userConfigDir } from '../data-dir.ts'
import { nodeLauncher } from '../local/node-launcher.ts'
import { startWebServer } from './server.ts'

const root = resolve(import.meta.dirname, '../..')
const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { version: string }
const port = Number(process.env.FLOWDECK_WEB_PORT ?? 0)
const dataDir = defaultDataDir()

const core = createCore({
  dataDir,
  version: pkg.version,
  platform: process.platform,
  // Browser mode runs from source under Node, so the service does too (same tree, no build skew).
  launch: nodeLauncher(resolve(root, 'src-service/cli.ts')),
  workflowsDir: resolve(root, 'resources/workflows'),
  presetFolders: [root, resolve(userConfigDir(), 'Flowdeck'), userConfigDir()],
  log: (line) => {
    if (process.env.FLOWDECK_VERBOSE) console.error(line)
  },
})

const web = await startWebServer({
  rendererDir: resolve(root, 'out/renderer'),
  handlers: core.handlers,
  port: Number.isInteger(port) ? port : 0,
  token: process.env.FLOWDECK_WEB_TOKEN,
})
core.setEmit(web.emit)
try {
  const started = await core.start()
  console.log(`"This computer" (the local service) is running at ${started.localUrl}`)
} catch (err) {
  // The page still opens: connections to other services work, and Settings shows the problem.
  console.error(`The local service did not start: ${err instanceof Error ? err.message : err}`)
}
console.log(`Data folder: ${dataDir}`)
console.log(`Flowdeck is running in browser mode. Open: ${web.launchUrl}`)

let stopping = false
const stop = () => {
  if (stopping) process.exit(1)
  stopping = true
  void Promise.allSettled([core.stop(), web.close()]).then(() => process.exit(0))
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
