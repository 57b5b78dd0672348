// The always-visible connection + workspace switcher in the top bar.
import { useState } from 'react'
import { Popover } from 'radix-ui'
import { Check, ChevronsUpDown, Server, Settings2 } from 'lucide-react'
import { useScope, useSelectConnection } from '../queries/connections.ts'
import { useUi } from '../state/ui.ts'
import { navigate } from '../state/router.ts'

export function Switcher() {
  const { connection, connections, scope } = useScope()
  const select = useSelectConnection()
  const setWorkspace = useUi((s) => s.setWorkspace)
  const [open, setOpen] = useState(false)
  const [workspaceDraft, setWorkspaceDraft] = useState('')
  if (!connection || !scope) {
    return (
      <button type="button" className="switcher-btn" onClick={() => navigate('connections')}>
        <Server aria-hidden="true" /> Add a connection
      </button>
    )
  }
  const custom = scope.workspaceId !== connection.workspaceId
  return (
    <Popover.Root
      open={open}
      onOpenChange={(o) => {
        setOpen(o)
        if (o) setWorkspaceDraft(scope.workspaceId)
      }}
    >
      <Popover.Trigger className="switcher-btn" title="Change connection or workspace">
        <span className="visually-hidden">Connection: </span>
        <span className={`dot ${connection.hasKey ? 'ok' : 'warn'}`} aria-hidden="true" />
        <span className="truncate">{connection.name}</span>
        <span className="sep" aria-hidden="true">
          /
        </span>
        <span className="truncate mono subtle">
          {custom ? scope.workspaceId : 'default workspace'}
        </span>
        <ChevronsUpDown aria-hidden="true" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content className="popover" align="start" sideOffset={6}>
          <div className="stack">
            <div role="radiogroup" aria-label="Connection" className="stack tight">
              <div className="menu-label">Connection</div>
              {connections.map((c) => (
                <button
                  key={c.id}
                  type="button"
                  role="radio"
                  aria-checked={c.id === connection.id}
                  className="btn ghost"
                  style={{ justifyContent: 'flex-start' }}
                  onClick={() => {
                    select(c.id)
                    setOpen(false)
                  }}
                >
                  <span className={`dot ${c.hasKey ? 'ok' : 'warn'}`} aria-hidden="true" />
                  <span className="grow truncate" style={{ textAlign: 'left' }}>
                    {c.name}
                  </span>
                  {c.id === connection.id && <Check aria-hidden="true" />}
                </button>
              ))}
            </div>
            <form
              className="field"
              onSubmit={(e) => {
                e.preventDefault()
                const v = workspaceDraft.trim()
                setWorkspace(connection.id, v && v !== connection.workspaceId ? v : null)
                setOpen(false)
              }}
            >
              <label htmlFor="switch-workspace">Workspace ID</label>
              <div className="row">
                <input
                  id="switch-workspace"
                  className="input mono"
                  value={workspaceDraft}
                  onChange={(e) => setWorkspaceDraft(e.target.value)}
                />
                <button type="submit" className="btn">
                  Use
                </button>
              </div>
              <span className="hint">
                {custom ? (
                  <button
                    type="button"
                    className="row-link subtle"
                    onClick={() => {
                      setWorkspace(connection.id, null)
                      setOpen(false)
                    }}
                  >
                    Back to the connection’s workspace ({connection.workspaceId})
                  </button>
                ) : (
                  'This is the connection’s own workspace.'
                )}
              </span>
            </form>
            <button
              type="button"
              className="btn ghost"
              onClick={() => {
                setOpen(false)
                navigate('connections')
              }}
            >
              <Settings2 aria-hidden="true" /> Manage connections
            </button>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  )
}
