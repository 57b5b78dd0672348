// Settings: theme, default timeout, notifications, the data folder, and "This computer".
import { useEffect, useState } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Switch } from 'radix-ui'
import { Monitor, Moon, RotateCw, Sun } from 'lucide-react'
import type { Settings } from '../../src-shared/bridge.ts'
import { call } from '../bridge.ts'
import { queryKeys } from '../queries/keys.ts'
import { useSettings, useUpdateSettings } from '../queries/connections.ts'
import { PageHeader } from '../components/page.tsx'
import { ErrorCallout, ErrorState, LoadingState } from '../components/states.tsx'
import { toast } from '../components/toast.tsx'

const THEMES: { value: Settings['theme']; label: string; icon: typeof Sun }[] = [
  { value: 'system', label: 'Follow the system', icon: Monitor },
  { value: 'light', label: 'Light', icon: Sun },
  { value: 'dark', label: 'Dark', icon: Moon },
]

const STATE_TONE: Record<string, string> = {
  running: 'success',
  starting: 'info live',
  restarting: 'info live',
  stopped: '',
  failed: 'danger',
}

function LocalService() {
  const qc = useQueryClient()
  const status = useQuery({
    queryKey: queryKeys.localStatus(),
    queryFn: () => call('local:status', {}),
    refetchInterval: (q) => (q.state.data?.state === 'running' ? 10_000 : 1500),
  })
  const restart = useMutation({
    mutationFn: () => call('local:restart', {}),
    onSuccess: (s) => {
      qc.setQueryData(queryKeys.localStatus(), s)
      toast('success', '“This computer” restarted')
    },
  })
  const s = status.data
  return (
    <section className="card" aria-labelledby="local-title">
      <div className="card-header">
        <h2 id="local-title">“This computer”</h2>
        {s && <span className={`chip ${STATE_TONE[s.state] ?? ''}`}>{s.state}</span>}
      </div>
      <div className="card-body stack">
        <p className="muted">The local service Flowdeck runs for you: demo data, works offline.</p>
        {status.isLoading ? (
          <LoadingState label="Loading the service status" rows={2} />
        ) : status.error || !s ? (
          <ErrorCallout error={status.error} />
        ) : (
          <dl className="meta">
            <dt>Address</dt>
            <dd className="mono">{s.url ?? '—'}</dd>
            <dt>Port</dt>
            <dd className="mono">{s.port ?? '—'}</dd>
            <dt>Restarts</dt>
            <dd>{s.restarts}</dd>
            <dt>Data folder</dt>
            <dd className="mono">{s.dataDir}</dd>
            {s.lastError && (
              <>
                <dt>Last problem</dt>
                <dd className="danger-text">{s.lastError}</dd>
              </>
            )}
          </dl>
        )}
        {restart.error && <ErrorCallout error={restart.error} title="It did not restart" />}
        <div>
          <button
            type="button"
            className="btn"
            onClick={() => restart.mutate()}
            disabled={restart.isPending}
          >
            <RotateCw aria-hidden="true" /> {restart.isPending ? 'Restarting…' : 'Restart'}
          </button>
        </div>
      </div>
    </section>
  )
}

export function SettingsScreen() {
  const settings = useSettings()
  const update = useUpdateSettings()
  const info = useQuery({ queryKey: queryKeys.appInfo(), queryFn: () => call('app:info', {}) })
  const [timeout, setTimeoutText] = useState('')
  useEffect(() => {
    if (settings.data) setTimeoutText(String(settings.data.timeoutMs / 1000))
  }, [settings.data])
  if (settings.isLoading) return <LoadingState label="Loading settings" />
  if (settings.error || !settings.data) {
    return (
      <div className="page">
        <ErrorState error={settings.error} onRetry={() => settings.refetch()} />
      </div>
    )
  }
  const s = settings.data
  const seconds = Number(timeout)
  const timeoutProblem =
    !/^\d+$/.test(timeout) || seconds < 1 || seconds > 600 ? 'Between 1 and 600 seconds.' : null
  return (
    <div className="page">
      <PageHeader
        title="Settings"
        description={
          info.data
            ? `Flowdeck ${info.data.version} · ${info.data.mode === 'web' ? 'browser mode' : 'desktop app'}`
            : undefined
        }
      />
      <div className="split">
        <div className="stack">
          <section className="card card-body stack" aria-labelledby="appearance-title">
            <h2 id="appearance-title">Appearance</h2>
            <div className="field">
              <span className="field-label" id="theme-label">
                Theme
              </span>
              <div className="segmented" role="radiogroup" aria-labelledby="theme-label">
                {THEMES.map((t) => (
                  <button
                    key={t.value}
                    type="button"
                    role="radio"
                    aria-checked={s.theme === t.value}
                    onClick={() => update.mutate({ theme: t.value })}
                  >
                    <t.icon aria-hidden="true" /> {t.label}
                  </button>
                ))}
              </div>
            </div>
          </section>
          <section className="card card-body stack" aria-labelledby="behaviour-title">
            <h2 id="behaviour-title">Calls and notifications</h2>
            <form
              className="field"
              onSubmit={(e) => {
                e.preventDefault()
                if (!timeoutProblem) {
                  update.mutate(
                    { timeoutMs: seconds * 1000 },
                    { onSuccess: () => toast('success', 'Timeout saved') },
                  )
                }
              }}
            >
              <label htmlFor="set-timeout">Default timeout (seconds)</label>
              <div className="row">
                <input
                  id="set-timeout"
                  className="input"
                  style={{ width: 120 }}
                  inputMode="numeric"
                  value={timeout}
                  aria-invalid={timeoutProblem ? 'true' : undefined}
                  onChange={(e) => setTimeoutText(e.target.value)}
                />
                <button
                  type="submit"
                  className="btn"
                  disabled={!!timeoutProblem || seconds * 1000 === s.timeoutMs}
                >
                  Save
                </button>
              </div>
              <span className={timeoutProblem ? 'error' : 'hint'}>
                {timeoutProblem ??
                  'How long Flowdeck waits for the service before giving up (the spec’s default is 30).'}
              </span>
            </form>
            <div className="row between">
              <label htmlFor="set-notify" className="field-label">
                Notify me when a background run finishes
              </label>
              <Switch.Root
                id="set-notify"
                className="switch"
                checked={s.notifications}
                onCheckedChange={(v) => update.mutate({ notifications: v })}
              >
                <Switch.Thumb className="switch-thumb" />
              </Switch.Root>
            </div>
            {update.error && (
              <ErrorCallout error={update.error} title="The setting was not saved" />
            )}
          </section>
        </div>
        <LocalService />
      </div>
    </div>
  )
}
