// Toasts: a tiny queue in zustand rendered with Radix Toast (announced politely).
import { Toast } from 'radix-ui'
import { create } from 'zustand'
import { CheckCircle2, Info, X, XCircle } from 'lucide-react'

type Kind = 'success' | 'error' | 'info'
interface Item {
  id: number
  kind: Kind
  title: string
  description?: string
}

const useToasts = create<{ items: Item[]; remove(id: number): void }>()((set) => ({
  items: [],
  remove: (id) => set((s) => ({ items: s.items.filter((t) => t.id !== id) })),
}))

let next = 1
export function toast(kind: Kind, title: string, description?: string) {
  useToasts.setState((s) => ({
    items: [...s.items.slice(-3), { id: next++, kind, title, description }],
  }))
}

const ICONS = { success: CheckCircle2, error: XCircle, info: Info }

export function Toaster() {
  const items = useToasts((s) => s.items)
  const remove = useToasts((s) => s.remove)
  return (
    <Toast.Provider swipeDirection="right" duration={5000}>
      {items.map((t) => {
        const Icon = ICONS[t.kind]
        return (
          <Toast.Root
            key={t.id}
            className={`toast ${t.kind}`}
            onOpenChange={(open) => !open && remove(t.id)}
            type={t.kind === 'error' ? 'foreground' : 'background'}
          >
            <Icon aria-hidden="true" />
            <div>
              <Toast.Title className="toast-title">{t.title}</Toast.Title>
              {t.description && (
                <Toast.Description className="toast-description">{t.description}</Toast.Description>
              )}
            </div>
            <Toast.Close className="btn ghost sm icon" aria-label="Dismiss">
              <X aria-hidden="true" />
            </Toast.Close>
          </Toast.Root>
        )
      })}
      <Toast.Viewport className="toast-viewport" />
    </Toast.Provider>
  )
}
