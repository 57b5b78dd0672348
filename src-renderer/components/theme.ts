import { useEffect, useState } from 'react'
import { useSettings } from '../queries/connections.ts'

const media = () => window.matchMedia('(prefers-color-scheme: dark)')

/** Applies the Settings theme to <html> and returns the one in effect. */
export function useTheme(): 'light' | 'dark' {
  const settings = useSettings()
  const choice = settings.data?.theme ?? 'system'
  const [osDark, setOsDark] = useState(() => media().matches)
  useEffect(() => {
    const m = media()
    const on = () => setOsDark(m.matches)
    m.addEventListener('change', on)
    return () => m.removeEventListener('change', on)
  }, [])
  useEffect(() => {
    const root = document.documentElement
    if (choice === 'system') delete root.dataset.theme
    else root.dataset.theme = choice
  }, [choice])
  return choice === 'system' ? (osDark ? 'dark' : 'light') : choice
}

/** The theme in effect, read from <html> and the OS (for widgets that need it, like CodeMirror). */
export function useResolvedTheme(): 'light' | 'dark' {
  const [theme, setTheme] = useState(resolve)
  useEffect(() => {
    const update = () => setTheme(resolve())
    const m = media()
    m.addEventListener('change', update)
    const obs = new MutationObserver(update)
    obs.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] })
    return () => {
      m.removeEventListener('change', update)
      obs.disconnect()
    }
  }, [])
  return theme
}

function resolve(): 'light' | 'dark' {
  const pinned = document.documentElement.dataset.theme
  if (pinned === 'light' || pinned === 'dark') return pinned
  return media().matches ? 'dark' : 'light'
}
