import type { ReactNode } from 'react'
import { ChevronRight } from 'lucide-react'

export interface Crumb {
  label: string
  onClick?: () => void
}

export function PageHeader(props: {
  title: ReactNode
  description?: ReactNode
  actions?: ReactNode
  crumbs?: Crumb[]
}) {
  return (
    <header className="page-header">
      <div className="grow">
        {props.crumbs && (
          <nav className="breadcrumb" aria-label="Breadcrumb">
            {props.crumbs.map((c, i) => (
              <span key={i} className="row">
                {c.onClick ? (
                  <button type="button" onClick={c.onClick}>
                    {c.label}
                  </button>
                ) : (
                  <span>{c.label}</span>
                )}
                <ChevronRight aria-hidden="true" />
              </span>
            ))}
          </nav>
        )}
        <h1>{props.title}</h1>
        {props.description && <p>{props.description}</p>}
      </div>
      {props.actions && <div className="btn-group">{props.actions}</div>}
    </header>
  )
}
