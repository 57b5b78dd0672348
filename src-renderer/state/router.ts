// Hash routes (`#/tables/<id>`): survive a reload, need no server, and leave the
// browser-mode launch URL alone.
import { useSyncExternalStore } from 'react'

export type Screen =
  | 'connections'
  | 'workflows'
  | 'jobs'
  | 'tables'
  | 'knowledge'
  | 'docs'
  | 'usage'
  | 'logs'
  | 'audit'
  | 'settings'

export const SCREENS: readonly Screen[] = [
  'workflows',
  'jobs',
  'tables',
  'knowledge',
  'docs',
  'usage',
  'logs',
  'audit',
  'connections',
  'settings',
]

export interface Route {
  screen: Screen
  /** Path segments after the screen: `#/tables/abc` -> ['abc']. */
  params: string[]
}

function parse(hash: string): Route {
  const parts = hash.replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeURIComponent)
  const screen = (SCREENS as readonly string[]).includes(parts[0] ?? '')
    ? (parts[0] as Screen)
    : 'workflows'
  return { screen, params: parts.slice(1) }
}

export function href(screen: Screen, ...params: string[]): string {
  return '#/' + [screen, ...params].map(encodeURIComponent).join('/')
}

export function navigate(screen: Screen, ...params: string[]) {
  const next = href(screen, ...params)
  if (window.location.hash !== next) window.location.hash = next
}

let current = parse(window.location.hash)
const listeners = new Set<() => void>()
window.addEventListener('hashchange', () => {
  current = parse(window.location.hash)
  for (const l of listeners) l()
})

export function useRoute(): Route {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l)
      return () => listeners.delete(l)
    },
    () => current,
  )
}
