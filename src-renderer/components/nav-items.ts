import {
  BookOpen,
  Cable,
  FileText,
  Gauge,
  ListChecks,
  ScrollText,
  Settings,
  ShieldCheck,
  Table2,
  Workflow,
  type LucideIcon,
} from 'lucide-react'
import type { Screen } from '../state/router.ts'

export interface NavItem {
  screen: Screen
  label: string
  icon: LucideIcon
  section: 'Work' | 'Data' | 'Account'
}

export const NAV: NavItem[] = [
  { screen: 'workflows', label: 'Workflows', icon: Workflow, section: 'Work' },
  { screen: 'jobs', label: 'Jobs', icon: ListChecks, section: 'Work' },
  { screen: 'logs', label: 'Logs', icon: ScrollText, section: 'Work' },
  { screen: 'tables', label: 'Tables', icon: Table2, section: 'Data' },
  { screen: 'knowledge', label: 'Knowledge', icon: BookOpen, section: 'Data' },
  { screen: 'docs', label: 'Docs', icon: FileText, section: 'Data' },
  { screen: 'usage', label: 'Usage', icon: Gauge, section: 'Account' },
  { screen: 'audit', label: 'Audit', icon: ShieldCheck, section: 'Account' },
  { screen: 'connections', label: 'Connections', icon: Cable, section: 'Account' },
  { screen: 'settings', label: 'Settings', icon: Settings, section: 'Account' },
]
