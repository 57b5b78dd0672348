// Section: GET /api/v1/workflows (auth, rate limit, SQLite page of 50, limits object) against
// a bare node:http server on the same machine.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startServer } from '../src-service/server.ts'
import { runSeed } from '../src-service/seed/steps.ts'
import { importWorkflow } from '../src-service/services/workflows.ts'
import { userAccess } from '../src-service/auth/access.ts'
import { startBareServer } from './baseline.ts'
import { fmt, load } from './load.ts'

export async function run(seconds: number): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'flowdeck-bench-'))
  // A limit no benchmark reaches: this measures the request path, not the 429 path.
  const service = await startServer({ dataDir, port: 0, apiRatePerMinute: 100_000_000 })
  const { ctx } = service.app
  const seed = runSeed(ctx, { workflowsDir: join(dataDir, 'none') })
  const owner = ctx.store.identity.getUser(seed.userId)
  if (!owner) throw new Error('seed created no owner')
  const access = userAccess(ctx.store, owner, seed.workspaceId, 'write')
  for (let i = 0; i < 60; i++) {
    const workflow = { blocks: { start: { type: 'start_trigger' } }, edges: [] }
    importWorkflow(ctx, owner, access, { name: `Workflow ${i}`, workflow, deploy: i % 2 === 0 })
  }
  const bare = await startBareServer()
  const headers = { 'x-api-key': seed.keys.personal }
  const url = `${service.url}/api/v1/workflows?workspaceId=${seed.workspaceId}`
  const bareResult = await load({ url: `${bare.url}/`, seconds })
  const listResult = await load({ url, headers, seconds })
  const orgKeyResult = await load({
    url,
    headers: { 'x-api-key': seed.keys.organizationRead },
    seconds,
  })
  console.log(`  bare node:http                         ${fmt(bareResult)}`)
  console.log(`  GET /api/v1/workflows (personal key)   ${fmt(listResult)}`)
  console.log(`  GET /api/v1/workflows (org read key)   ${fmt(orgKeyResult)}`)
  console.log(
    `  ratio (personal key / bare)            ${(listResult.perSecond / bareResult.perSecond).toFixed(2)}`,
  )
  bare.server.close()
  await service.close()
  rmSync(dataDir, { recursive: true, force: true })
}
