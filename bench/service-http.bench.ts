// Section: the service's HTTP stack against bare node:http on the same machine.
import { startServer } from '../src-service/server.ts'
import { startBareServer } from './baseline.ts'
import { fmt, load } from './load.ts'

export async function run(seconds: number): Promise<void> {
  const bare = await startBareServer()
  const service = await startServer({ port: 0 })
  const bareResult = await load({ url: `${bare.url}/`, seconds })
  const healthz = await load({ url: `${service.url}/healthz`, seconds })
  console.log(`  bare node:http          ${fmt(bareResult)}`)
  console.log(`  service GET /healthz    ${fmt(healthz)}`)
  console.log(`  ratio                   ${(healthz.perSecond / bareResult.perSecond).toFixed(2)}`)
  bare.server.close()
  await service.close()
}
