// The local service's command line: `start` for now; later issues add seed, keys, workflows.
import { parseArgs } from 'node:util'
import { startServer } from './server.ts'

const USAGE = `Usage: npm run service -- start [--port N] [--host H]`

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv
  if (command !== 'start') {
    console.error(USAGE)
    return command === undefined || command === 'help' ? 0 : 2
  }
  const { values } = parseArgs({
    args: rest,
    options: { port: { type: 'string' }, host: { type: 'string' } },
  })
  const port = values.port === undefined ? 0 : Number(values.port)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`--port must be a number from 0 to 65535, not "${values.port}"`)
    return 2
  }
  const server = await startServer({ host: values.host, port })
  console.log(`listening on ${server.url}`)
  const stop = () => void server.close().then(() => process.exit(0))
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
  return -1
}

const code = await main(process.argv.slice(2))
if (code >= 0) process.exit(code)
