import type { ReactNode } from 'react'
import { AlertDialog } from 'radix-ui'

/** A yes/no question before something that cannot be undone. */
export function Confirm(props: {
  open: boolean
  onOpenChange(open: boolean): void
  title: string
  description: ReactNode
  confirmLabel: string
  onConfirm(): void
  danger?: boolean
}) {
  return (
    <AlertDialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="overlay" />
        <AlertDialog.Content className="dialog">
          <div className="dialog-header">
            <AlertDialog.Title>{props.title}</AlertDialog.Title>
            <AlertDialog.Description>{props.description}</AlertDialog.Description>
          </div>
          <div className="dialog-footer">
            <AlertDialog.Cancel className="btn">Cancel</AlertDialog.Cancel>
            <AlertDialog.Action
              className={`btn ${props.danger ? 'danger' : 'primary'}`}
              onClick={props.onConfirm}
            >
              {props.confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}
