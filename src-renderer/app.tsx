import { useEffect, useState } from 'react'
import type { AppInfo } from '../src-shared/bridge.ts'
import { BridgeCallError, call } from './bridge.ts'

type State =
  { kind: 'loading' } | { kind: 'ready'; info: AppInfo } | { kind: 'error'; message: string }

export function App() {
  const [state, setState] = useState<State>({ kind: 'loading' })

  useEffect(() => {
    call('app:info', {})
      .then((info) => setState({ kind: 'ready', info }))
      .catch((err: unknown) =>
        setState({
          kind: 'error',
          message: err instanceof BridgeCallError ? err.message : 'Flowdeck could not start.',
        }),
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
          <p>Coming next: run workflows, watch streams and jobs, edit tables, browse knowledge.</p>
        </>
      )}
    </main>
  )
}
