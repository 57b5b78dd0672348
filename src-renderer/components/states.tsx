// Designed empty, loading and error states: every list and page uses these.
import type { ReactNode } from 'react'
import { AlertTriangle, Inbox, RefreshCw } from 'lucide-react'
import { errorWords } from '../api/errors.ts'

export function LoadingState({ label, rows = 4 }: { label: string; rows?: number }) {
  return (
    <div className="skeleton-list" role="status" aria-live="polite">
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: rows }, (_, i) => (
        <span key={i} className="skeleton" style={{ width: `${90 - ((i * 17) % 40)}%` }} />
      ))}
    </div>
  )
}

export function EmptyState(props: {
  icon?: ReactNode
  title: string
  children?: ReactNode
  action?: ReactNode
}) {
  return (
    <div className="state">
      <div className="state-icon" aria-hidden="true">
        {props.icon ?? <Inbox />}
      </div>
      <h3>{props.title}</h3>
      {props.children && <p>{props.children}</p>}
      {props.action && <div className="btn-group">{props.action}</div>}
    </div>
  )
}

export function ErrorState(props: {
  error: unknown
  onRetry?: () => void
  title?: string
  children?: ReactNode
}) {
  const words = errorWords(props.error)
  return (
    <div className="state error" role="alert">
      <div className="state-icon" aria-hidden="true">
        <AlertTriangle />
      </div>
      <h3>{props.title ?? words.title}</h3>
      <p>{words.message}</p>
      {words.hint && <p>{words.hint}</p>}
      {props.children}
      {props.onRetry && (
        <div className="btn-group">
          <button type="button" className="btn" onClick={props.onRetry}>
            <RefreshCw aria-hidden="true" /> Try again
          </button>
        </div>
      )}
    </div>
  )
}

/** An error inside a form or panel: title, sentence, and the details list. */
export function ErrorCallout({ error, title }: { error: unknown; title?: string }) {
  const words = errorWords(error)
  return (
    <div className="callout danger" role="alert">
      <AlertTriangle aria-hidden="true" />
      <div>
        <strong>{title ?? words.title}</strong>
        {words.status ? <span className="subtle"> · HTTP {words.status}</span> : null}
        <div>{words.message}</div>
        {words.hint && <div className="muted">{words.hint}</div>}
        {words.details.length > 0 && (
          <ul>
            {words.details.slice(0, 20).map((d, i) => (
              <li key={i}>{d}</li>
            ))}
          </ul>
        )}
      </div>
    </div>
  )
}
