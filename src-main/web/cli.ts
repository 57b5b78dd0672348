// `npm run web`: serve the built renderer and the bridge on 127.0.0.1 and print the address.
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { createHandlers } from '../bridge/handlers.ts'
import { startWebServer } from './server.ts'

const root = resolve(import.meta.dirname, '../..')
const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { version: string }
const port = Number(process.env.FLOWDECK_WEB_PORT ?? 0)

const web = await startWebServer({
  rendererDir: resolve(root, 'out/renderer'),
  handlers: createHandlers({ version: pkg.version, platform: process.platform }),
  port: Number.isInteger(port) ? port : 0,
  token: process.env.FLOWDECK_WEB_TOKEN,
})
console.log(`Flowdeck is running in browser mode. Open: ${web.launchUrl}`)

const stop = () => {
  void web.close().then(() => process.exit(0))
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
