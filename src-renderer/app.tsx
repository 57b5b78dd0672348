// The app shell: sidebar navigation, top bar with the connection + workspace switcher, the
// command palette, theme, toasts, and the current screen.
import { Suspense, lazy, type ComponentType } from 'react'
import { QueryClientProvider, useQuery } from '@tanstack/react-query'
import { Tooltip } from 'radix-ui'
import { Command, Layers } from 'lucide-react'
import { call } from './bridge.ts'
import { createQueryClient } from './queries/client.ts'
import { queryKeys } from './queries/keys.ts'
import { useScope } from './queries/connections.ts'
import { isLive, useJobEvents, useJobs } from './queries/jobs.ts'
import { href, useRoute, type Screen } from './state/router.ts'
import { NAV } from './components/nav-items.ts'
import { Switcher } from './components/switcher.tsx'
import { CommandPalette, useCommandPalette } from './components/command-palette.tsx'
import { Toaster } from './components/toast.tsx'
import { useTheme } from './components/theme.ts'
import { ErrorState, LoadingState } from './components/states.tsx'

const queryClient = createQueryClient()

const screen = (load: () => Promise<Record<string, ComponentType>>, name: string) =>
  lazy(async () => ({ default: (await load())[name]! }))

const SCREENS: Record<Screen, ComponentType> = {
  connections: screen(() => import('./screens/connections.tsx'), 'ConnectionsScreen'),
  workflows: screen(() => import('./screens/workflows.tsx'), 'WorkflowsScreen'),
  jobs: screen(() => import('./screens/jobs.tsx'), 'JobsScreen'),
  tables: screen(() => import('./screens/tables.tsx'), 'TablesScreen'),
  knowledge: screen(() => import('./screens/knowledge.tsx'), 'KnowledgeScreen'),
  docs: screen(() => import('./screens/docs.tsx'), 'DocsScreen'),
  usage: screen(() => import('./screens/usage.tsx'), 'UsageScreen'),
  logs: screen(() => import('./screens/logs.tsx'), 'LogsScreen'),
  audit: screen(() => import('./screens/audit.tsx'), 'AuditScreen'),
  settings: screen(() => import('./screens/settings.tsx'), 'SettingsScreen'),
}

function Sidebar({ current }: { current: Screen }) {
  const jobs = useJobs()
  const running = jobs.data?.filter(isLive).length ?? 0
  const sections = ['Work', 'Data', 'Account'] as const
  return (
    <nav className="sidebar" aria-label="Main">
      {sections.map((section) => (
        <div key={section} className="stack tight" style={{ gap: 2 }}>
          <div className="nav-section" aria-hidden="true">
            {section}
          </div>
          {NAV.filter((n) => n.section === section).map((n) => (
            <a
              key={n.screen}
              className="nav-link"
              href={href(n.screen)}
              aria-current={current === n.screen ? 'page' : undefined}
            >
              <n.icon aria-hidden="true" />
              {n.label}
              {n.screen === 'jobs' && running > 0 && (
                <span className="badge" aria-label={`${running} running`}>
                  {running}
                </span>
              )}
            </a>
          ))}
        </div>
      ))}
      <div className="sidebar-foot">
        Press <kbd>Ctrl</kbd> <kbd>K</kbd> to jump anywhere
      </div>
    </nav>
  )
}

function Shell() {
  useTheme()
  useJobEvents()
  const route = useRoute()
  const palette = useCommandPalette()
  const info = useQuery({ queryKey: queryKeys.appInfo(), queryFn: () => call('app:info', {}) })
  const { isLoading, error } = useScope()
  const Current = SCREENS[route.screen]
  const state = info.isError || error ? 'error' : info.isLoading || isLoading ? 'loading' : 'ready'
  return (
    <div className="shell" data-app-state={state}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <div className="brand">
        <span className="brand-mark" aria-hidden="true">
          <Layers />
        </span>
        Flowdeck
      </div>
      <header className="topbar">
        <Switcher />
        <button type="button" className="palette-hint" onClick={() => palette.setOpen(true)}>
          <Command aria-hidden="true" /> Jump to… <kbd>Ctrl K</kbd>
        </button>
      </header>
      <Sidebar current={route.screen} />
      <main className="main" id="main" tabIndex={-1}>
        {info.isError ? (
          <div className="page">
            <ErrorState error={info.error} title="Flowdeck could not start" />
          </div>
        ) : (
          <Suspense fallback={<LoadingState label="Opening…" />}>
            <Current key={route.screen} />
          </Suspense>
        )}
      </main>
      <CommandPalette open={palette.open} setOpen={palette.setOpen} />
      <Toaster />
    </div>
  )
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <Tooltip.Provider delayDuration={300}>
        <Shell />
      </Tooltip.Provider>
    </QueryClientProvider>
  )
}
