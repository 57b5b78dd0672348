// Connections: list, add (by hand or from a dashboard link), edit, remove, test, set the key.
import { useState, type FormEvent } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Dialog, Tabs } from 'radix-ui'
import {
  Cable,
  CheckCircle2,
  KeyRound,
  Pencil,
  Plus,
  PlugZap,
  Server,
  Trash2,
  XCircle,
} from 'lucide-react'
import type { ChannelOutput } from '../../src-shared/bridge.ts'
import { call } from '../bridge.ts'
import { queryKeys } from '../queries/keys.ts'
import { useConnections, useSelectConnection, useScope } from '../queries/connections.ts'
import { PageHeader } from '../components/page.tsx'
import { EmptyState, ErrorCallout, ErrorState, LoadingState } from '../components/states.tsx'
import { Confirm } from '../components/confirm.tsx'
import { toast } from '../components/toast.tsx'
import { errorWords } from '../api/errors.ts'

type ConnectionView = ChannelOutput<'connections:list'>[number]
type KeyType = ConnectionView['keyType']
type TestResult = ChannelOutput<'connections:test'>

const KEY_TYPES: { value: KeyType; label: string }[] = [
  { value: 'personal', label: 'Personal' },
  { value: 'workspace', label: 'Workspace' },
  { value: 'organization', label: 'Organization' },
]

function KeyStatus({ c }: { c: ConnectionView }) {
  if (!c.keychainAvailable) {
    return <span className="chip warning">Keychain unavailable</span>
  }
  return c.hasKey ? (
    <span className="chip success">Key stored in the system keychain</span>
  ) : (
    <span className="chip warning">No key yet</span>
  )
}

function useInvalidateConnection() {
  const qc = useQueryClient()
  return async (connectionId?: string) => {
    // What was read through that connection may now read differently.
    if (connectionId) void qc.invalidateQueries({ queryKey: queryKeys.connection(connectionId) })
    await qc.invalidateQueries({ queryKey: queryKeys.connections() })
  }
}

interface Draft {
  name: string
  baseUrl: string
  workspaceId: string
  keyType: KeyType
  key: string
}

function ConnectionForm(props: {
  initial: Draft
  editing: boolean
  submitLabel: string
  onSubmit(d: Draft): Promise<void>
  onCancel(): void
}) {
  const [d, setD] = useState(props.initial)
  const [link, setLink] = useState('')
  const [linkNote, setLinkNote] = useState<string | null>(null)
  const [error, setError] = useState<unknown>(null)
  const [busy, setBusy] = useState(false)
  const set = (patch: Partial<Draft>) => setD((x) => ({ ...x, ...patch }))

  const readLink = async () => {
    setError(null)
    try {
      const parsed = await call('connections:parse-link', { url: link })
      set({ baseUrl: parsed.baseUrl, name: d.name || parsed.workspaceSlug })
      setLinkNote(
        `Base URL ${parsed.baseUrl} · organization “${parsed.orgSlug}”, workspace “${parsed.workspaceSlug}”, workflow ${parsed.workflowId}. Enter the workspace ID below.`,
      )
    } catch (err) {
      setError(err)
    }
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setBusy(true)
    setError(null)
    try {
      await props.onSubmit(d)
    } catch (err) {
      // Keep everything typed; say what went wrong.
      setError(err)
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={submit} className="stack">
      {!props.editing && (
        <Tabs.Root defaultValue="form">
          <Tabs.List className="tabs-list" aria-label="How to add">
            <Tabs.Trigger className="tabs-trigger" value="form">
              Enter details
            </Tabs.Trigger>
            <Tabs.Trigger className="tabs-trigger" value="link">
              Paste a dashboard link
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="link" className="tabs-content">
            <div className="field">
              <label htmlFor="conn-link">Dashboard link</label>
              <div className="row">
                <input
                  id="conn-link"
                  className="input"
                  placeholder="https://service.example/org/workspace/w/…"
                  value={link}
                  onChange={(e) => setLink(e.target.value)}
                />
                <button type="button" className="btn" onClick={readLink} disabled={!link.trim()}>
                  Read link
                </button>
              </div>
              {linkNote && <span className="hint">{linkNote}</span>}
            </div>
          </Tabs.Content>
          <Tabs.Content value="form" />
        </Tabs.Root>
      )}
      <div className="field">
        <label htmlFor="conn-name">Name</label>
        <input
          id="conn-name"
          className="input"
          required
          value={d.name}
          onChange={(e) => set({ name: e.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor="conn-url">Base URL</label>
        <input
          id="conn-url"
          className="input"
          required
          placeholder="https://…"
          value={d.baseUrl}
          onChange={(e) => set({ baseUrl: e.target.value })}
        />
      </div>
      <div className="field-row">
        <div className="field">
          <label htmlFor="conn-ws">Workspace ID</label>
          <input
            id="conn-ws"
            className="input mono"
            required
            value={d.workspaceId}
            onChange={(e) => set({ workspaceId: e.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor="conn-type">Key type</label>
          <select
            id="conn-type"
            className="select"
            value={d.keyType}
            onChange={(e) => set({ keyType: e.target.value as KeyType })}
          >
            {KEY_TYPES.map((k) => (
              <option key={k.value} value={k.value}>
                {k.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      {!props.editing && (
        <div className="field">
          <label htmlFor="conn-key">API key</label>
          <input
            id="conn-key"
            className="input mono"
            type="password"
            autoComplete="off"
            placeholder="sk-service-…"
            value={d.key}
            onChange={(e) => set({ key: e.target.value })}
            aria-describedby="conn-key-hint"
          />
          <span className="hint" id="conn-key-hint">
            Stored in the system keychain. Flowdeck never shows it again.
          </span>
        </div>
      )}
      {error !== null && <ErrorCallout error={error} />}
      <div className="dialog-footer" style={{ margin: '0 -16px -16px' }}>
        <button type="button" className="btn" onClick={props.onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn primary" disabled={busy}>
          {props.submitLabel}
        </button>
      </div>
    </form>
  )
}

function AddConnection() {
  const [open, setOpen] = useState(false)
  const invalidate = useInvalidateConnection()
  const select = useSelectConnection()
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className="btn primary">
        <Plus aria-hidden="true" /> Add connection
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay" />
        <Dialog.Content className="dialog">
          <div className="dialog-header">
            <Dialog.Title>Add a connection</Dialog.Title>
            <Dialog.Description>
              A service address, the workspace to work in, and an API key.
            </Dialog.Description>
          </div>
          <div className="dialog-body">
            <ConnectionForm
              editing={false}
              submitLabel="Add connection"
              initial={{ name: '', baseUrl: '', workspaceId: '', keyType: 'personal', key: '' }}
              onCancel={() => setOpen(false)}
              onSubmit={async (d) => {
                const added = await call('connections:add', {
                  name: d.name,
                  baseUrl: d.baseUrl,
                  workspaceId: d.workspaceId,
                  keyType: d.keyType,
                })
                if (d.key.trim()) {
                  try {
                    await call('connections:set-key', { connectionId: added.id, key: d.key })
                  } catch (err) {
                    toast(
                      'error',
                      'Connection added, but the key was not stored',
                      errorWords(err).message,
                    )
                  }
                }
                // The list must hold the new connection before it can be the selected one.
                await invalidate(added.id)
                select(added.id)
                setOpen(false)
                toast('success', `Added ${added.name}`)
              }}
            />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

function SetKeyDialog({ c }: { c: ConnectionView }) {
  const [open, setOpen] = useState(false)
  const [key, setKey] = useState('')
  const invalidate = useInvalidateConnection()
  const save = useMutation({
    mutationFn: () => call('connections:set-key', { connectionId: c.id, key }),
    onSuccess: () => {
      void invalidate(c.id)
      setOpen(false)
      setKey('')
      toast('success', 'Key stored in the system keychain')
    },
  })
  const remove = useMutation({
    mutationFn: () => call('connections:delete-key', { connectionId: c.id }),
    onSuccess: () => {
      void invalidate(c.id)
      setOpen(false)
      toast('info', 'Key removed from the keychain')
    },
  })
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className="btn sm">
        <KeyRound aria-hidden="true" /> {c.hasKey ? 'Replace key' : 'Set key'}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay" />
        <Dialog.Content className="dialog">
          <form
            onSubmit={(e) => {
              e.preventDefault()
              save.mutate()
            }}
          >
            <div className="dialog-header">
              <Dialog.Title>
                {c.hasKey ? 'Replace' : 'Set'} the key of {c.name}
              </Dialog.Title>
              <Dialog.Description>
                The key goes into the system keychain and is never shown again.
              </Dialog.Description>
            </div>
            <div className="dialog-body">
              <div className="field">
                <label htmlFor={`key-${c.id}`}>API key</label>
                <input
                  id={`key-${c.id}`}
                  className="input mono"
                  type="password"
                  autoComplete="off"
                  required
                  value={key}
                  onChange={(e) => setKey(e.target.value)}
                />
              </div>
              {save.error && <ErrorCallout error={save.error} />}
              {remove.error && <ErrorCallout error={remove.error} />}
            </div>
            <div className="dialog-footer">
              {c.hasKey && (
                <button
                  type="button"
                  className="btn ghost"
                  style={{ marginRight: 'auto' }}
                  onClick={() => remove.mutate()}
                >
                  Remove key
                </button>
              )}
              <Dialog.Close className="btn" type="button">
                Cancel
              </Dialog.Close>
              <button type="submit" className="btn primary" disabled={save.isPending}>
                Store key
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

function EditDialog({ c }: { c: ConnectionView }) {
  const [open, setOpen] = useState(false)
  const invalidate = useInvalidateConnection()
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className="btn sm" aria-label={`Edit ${c.name}`}>
        <Pencil aria-hidden="true" /> Edit
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay" />
        <Dialog.Content className="dialog" aria-describedby={undefined}>
          <div className="dialog-header">
            <Dialog.Title>Edit {c.name}</Dialog.Title>
          </div>
          <div className="dialog-body">
            <ConnectionForm
              editing
              submitLabel="Save"
              initial={{ ...c, key: '' }}
              onCancel={() => setOpen(false)}
              onSubmit={async (d) => {
                await call('connections:update', {
                  connectionId: c.id,
                  name: d.name,
                  ...(c.kind === 'local' ? {} : { baseUrl: d.baseUrl }),
                  workspaceId: d.workspaceId,
                  keyType: d.keyType,
                })
                await invalidate(c.id)
                setOpen(false)
                toast('success', 'Connection saved')
              }}
            />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

function ConnectionCard({ c, active }: { c: ConnectionView; active: boolean }) {
  const [test, setTest] = useState<TestResult | null>(null)
  const [confirm, setConfirm] = useState(false)
  const invalidate = useInvalidateConnection()
  const select = useSelectConnection()
  const testing = useMutation({
    mutationFn: () => call('connections:test', { connectionId: c.id }),
    onMutate: () => setTest(null),
    onSuccess: setTest,
    onError: (err) => setTest({ ok: false, message: errorWords(err).message }),
  })
  const remove = useMutation({
    mutationFn: () => call('connections:remove', { connectionId: c.id }),
    onSuccess: () => {
      void invalidate(c.id)
      toast('info', `Removed ${c.name}`)
    },
    onError: (err) => toast('error', 'Could not remove the connection', errorWords(err).message),
  })
  return (
    <article className="card" aria-label={c.name}>
      <div className="card-header">
        <div className="row">
          {c.kind === 'local' ? <Server aria-hidden="true" /> : <Cable aria-hidden="true" />}
          <h2>{c.name}</h2>
          {c.kind === 'local' && <span className="chip accent plain">This computer</span>}
          {active && <span className="chip info plain">In use</span>}
        </div>
        <KeyStatus c={c} />
      </div>
      <div className="card-body stack">
        <dl className="meta">
          <dt>Base URL</dt>
          <dd className="mono">{c.baseUrl}</dd>
          <dt>Workspace</dt>
          <dd className="mono">{c.workspaceId}</dd>
          <dt>Key type</dt>
          <dd>{c.keyType}</dd>
          {c.origin === 'preset' && (
            <>
              <dt>From</dt>
              <dd>the team preset</dd>
            </>
          )}
        </dl>
        {test && (
          <div className={`callout ${test.ok ? 'success' : 'danger'}`} role="status">
            {test.ok ? <CheckCircle2 aria-hidden="true" /> : <XCircle aria-hidden="true" />}
            <div>
              <strong>{test.ok ? 'Connection works' : 'Connection failed'}</strong>
              {test.status ? <span className="subtle"> · HTTP {test.status}</span> : null}
              <div>{test.message}</div>
            </div>
          </div>
        )}
        <div className="btn-group">
          {!active && (
            <button type="button" className="btn sm" onClick={() => select(c.id)}>
              Use
            </button>
          )}
          <button
            type="button"
            className="btn sm"
            onClick={() => testing.mutate()}
            disabled={testing.isPending}
          >
            <PlugZap aria-hidden="true" /> {testing.isPending ? 'Testing…' : 'Test'}
          </button>
          <SetKeyDialog c={c} />
          <EditDialog c={c} />
          {c.kind !== 'local' && (
            <button
              type="button"
              className="btn sm ghost"
              onClick={() => setConfirm(true)}
              aria-label={`Remove ${c.name}`}
            >
              <Trash2 aria-hidden="true" /> Remove
            </button>
          )}
        </div>
      </div>
      <Confirm
        open={confirm}
        onOpenChange={setConfirm}
        title={`Remove ${c.name}?`}
        description="The connection and its key in the keychain are removed. Data on the service stays."
        confirmLabel="Remove"
        danger
        onConfirm={() => remove.mutate()}
      />
    </article>
  )
}

export function ConnectionsScreen() {
  const list = useConnections()
  const { connection } = useScope()
  return (
    <div className="page">
      <PageHeader
        title="Connections"
        description="Services Flowdeck talks to. Keys stay in the system keychain."
        actions={<AddConnection />}
      />
      {list.isLoading ? (
        <LoadingState label="Loading connections" />
      ) : list.error ? (
        <ErrorState error={list.error} onRetry={() => list.refetch()} />
      ) : list.data!.length === 0 ? (
        <div className="card">
          <EmptyState title="No connections yet" icon={<Cable />} action={<AddConnection />}>
            Add the address of a service and an API key to start.
          </EmptyState>
        </div>
      ) : (
        <div
          className="card-grid"
          style={{ gridTemplateColumns: 'repeat(auto-fill, minmax(380px, 1fr))' }}
        >
          {list.data!.map((c) => (
            <ConnectionCard key={c.id} c={c} active={c.id === connection?.id} />
          ))}
        </div>
      )}
    </div>
  )
}
