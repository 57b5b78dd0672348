// The one place that assembles every area's handlers into the full channel table.
import { appHandlers } from './app.ts'
import { auditHandlers } from './audit.ts'
import { connectionsHandlers } from './connections.ts'
import type { CoreDeps } from './deps.ts'
import { docsHandlers } from './docs.ts'
import { filesHandlers } from './files.ts'
import { jobsHandlers } from './jobs.ts'
import { knowledgeHandlers } from './knowledge.ts'
import { logsHandlers } from './logs.ts'
import type { Handlers } from './registry.ts'
import { runsHandlers } from './runs.ts'
import { localHandlers, settingsHandlers } from './settings.ts'
import { tablesHandlers } from './tables.ts'
import { usageHandlers } from './usage.ts'
import { workflowsHandlers } from './workflows.ts'
import { workspacesHandlers } from './workspaces.ts'

export function createHandlers(deps: CoreDeps): Handlers {
  return {
    ...appHandlers(deps),
    ...connectionsHandlers(deps),
    ...workflowsHandlers(deps),
    ...runsHandlers(deps),
    ...jobsHandlers(deps),
    ...tablesHandlers(deps),
    ...knowledgeHandlers(deps),
    ...docsHandlers(deps),
    ...usageHandlers(deps),
    ...logsHandlers(deps),
    ...auditHandlers(deps),
    ...workspacesHandlers(deps),
    ...settingsHandlers(deps),
    ...localHandlers(deps),
    ...filesHandlers(deps),
  }
}
