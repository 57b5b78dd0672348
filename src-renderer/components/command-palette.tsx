// Ctrl/Cmd+K: jump to any screen or workflow.
import { useEffect, useState } from 'react'
import { Command } from 'cmdk'
import { Dialog } from 'radix-ui'
import { Workflow } from 'lucide-react'
import { navigate } from '../state/router.ts'
import { useScope } from '../queries/connections.ts'
import { useWorkflowPages } from '../queries/workflows.ts'
import { NAV } from './nav-items.ts'

export function useCommandPalette() {
  const [open, setOpen] = useState(false)
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.metaKey || e.ctrlKey) && e.key.toLowerCase() === 'k') {
        e.preventDefault()
        setOpen((o) => !o)
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])
  return { open, setOpen }
}

export function CommandPalette({ open, setOpen }: { open: boolean; setOpen(o: boolean): void }) {
  const { scope } = useScope()
  const workflows = useWorkflowPages(
    open ? scope : null,
    { deployedOnly: false, folderId: '' },
    100,
  )
  const items = workflows.data?.pages.flatMap((p) => p.data) ?? []
  const go = (fn: () => void) => {
    setOpen(false)
    fn()
  }
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay" />
        <Dialog.Content className="dialog palette" aria-describedby={undefined}>
          <Dialog.Title className="visually-hidden">Command palette</Dialog.Title>
          <Command label="Command palette">
            <Command.Input
              placeholder="Go to a screen or workflow…"
              aria-label="Search screens and workflows"
            />
            <Command.List>
              <Command.Empty>Nothing matches.</Command.Empty>
              <Command.Group heading="Screens">
                {NAV.map((n) => (
                  <Command.Item
                    key={n.screen}
                    value={`screen ${n.label}`}
                    onSelect={() => go(() => navigate(n.screen))}
                  >
                    <n.icon aria-hidden="true" /> {n.label}
                  </Command.Item>
                ))}
              </Command.Group>
              {items.length > 0 && (
                <Command.Group heading="Workflows">
                  {items.map((w) => (
                    <Command.Item
                      key={w.id}
                      value={`workflow ${w.name} ${w.id}`}
                      onSelect={() => go(() => navigate('workflows', w.id))}
                    >
                      <Workflow aria-hidden="true" /> {w.name}
                    </Command.Item>
                  ))}
                </Command.Group>
              )}
            </Command.List>
          </Command>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
