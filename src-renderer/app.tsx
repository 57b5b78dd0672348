import { useEffect, useState } from 'react'
import type { AppInfo } from '../src-shared/bridge.ts'
import { BridgeCallError, call } from './bridge.ts'

type State =
  { kind: 'loading' } | { kind: 'ready'; info: AppInfo } | { kind: 'error'; message: string }

type Workflows =
  | { kind: 'loading' }
  | { kind: 'ready'; connection: string; names: { id: string; name: string }[] }
  | { kind: 'error'; message: string }

const words = (err: unknown, fallback: string) =>
  err instanceof BridgeCallError ? err.message : fallback

/** Until the full UI lands: the workflows of "This computer", read through the bridge. */
function LocalWorkflows() {
  const [state, setState] = useState<Workflows>({ kind: 'loading' })
  useEffect(() => {
    void (async () => {
      try {
        const connections = await call('connections:list', {})
        const local = connections.find((c) => c.kind === 'local')
        if (!local) throw new Error('no local connection')
        const page = (await call('workflows:list', { connectionId: local.id })) as {
          data: { id: string; name: string }[]
        }
        setState({ kind: 'ready', connection: local.name, names: page.data })
      } catch (err) {
        setState({ kind: 'error', message: words(err, '“This computer” is not ready yet.') })
      }
    })()
  }, [])
  if (state.kind === 'loading') return <p aria-live="polite">Loading workflows…</p>
  if (state.kind === 'error') {
    return (
      <p role="alert" className="error">
        {state.message}
      </p>
    )
  }
  return (
    <section aria-labelledby="local-workflows">
      <h2 id="local-workflows">Workflows on {state.connection}</h2>
      <ul>
        {state.names.map((w) => (
          <li key={w.id}>{w.name}</li>
        ))}
      </ul>
    </section>
  )
}

export function App() {
  const [state, setState] = useState<State>({ kind: 'loading' })

  useEffect(() => {
    call('app:info', {})
      .then((info) => setState({ kind: 'ready', info }))
      .catch((err: unknown) =>
        setState({ kind: 'error', message: words(err, 'Flowdeck could not start.') }),
      )
  }, [])

  return (
    <main className="welcome" data-app-state={state.kind}>
      <h1>Flowdeck</h1>
      {state.kind === 'loading' && <p aria-live="polite">Starting…</p>}
      {state.kind === 'error' && (
        <p role="alert" className="error">
          {state.message}
        </p>
      )}
      {state.kind === 'ready' && (
        <>
          <p>
            Version {state.info.version}, running{' '}
            {state.info.mode === 'web' ? 'in your browser' : 'as a desktop app'}.
          </p>
          <LocalWorkflows />
        </>
      )}
    </main>
  )
}
