import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startServer } from './src-service/server.ts'
import { runSeed } from './src-service/seed/steps.ts'
import { openGate } from './src-service/services/execution-gate.ts'
import { load, fmt } from './bench/load.ts'
const dataDir = mkdtempSync(join(tmpdir(), 'prof-'))
const service = await startServer({ dataDir, port: 0, gate: openGate })
const seed = runSeed(service.app.ctx, { workflowsDir: join(import.meta.dirname, 'resources/workflows') })
const r = await load({ url: `${service.url}/api/workflows/${seed.workflows.greeting}/execute`, method: 'POST', headers: { 'x-api-key': seed.keys.personal, 'content-type': 'application/json' }, body: '{"name":"x"}', seconds: 5 })
console.log(fmt(r))
await service.close()
process.exit(0)
