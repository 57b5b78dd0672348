// `flowdeck.team.json`: connections an admin pre-fills for offline-installed team builds.
// Read from next to the installed app, then from the user config folder; never holds keys.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'
import { KeyTypeSchema } from '../../src-shared/bridge.ts'
import type { ConnectionsStore } from './connections-store.ts'
import { normalizeBaseUrl } from './dashboard-url.ts'

export const PRESET_FILE = 'flowdeck.team.json'

export const TeamPresetSchema = z.object({
  connections: z
    .array(
      z
        .object({
          name: z.string().min(1).max(100),
          baseUrl: z.string().url(),
          workspaceId: z.string().min(1),
          keyType: KeyTypeSchema.default('workspace'),
        })
        .strict(),
    )
    .max(50),
})
export type TeamPreset = z.infer<typeof TeamPresetSchema>

export interface PresetResult {
  path: string | null
  added: number
  problem: string | null
}

/** The first readable preset of `folders`; a broken one is reported, not half-applied. */
export function readTeamPreset(
  folders: string[],
): { path: string; preset: TeamPreset } | { path: string; problem: string } | null {
  for (const folder of folders) {
    const path = join(folder, PRESET_FILE)
    let text: string
    try {
      text = readFileSync(path, 'utf8')
    } catch {
      continue
    }
    try {
      const parsed = TeamPresetSchema.safeParse(JSON.parse(text))
      if (parsed.success) return { path, preset: parsed.data }
      const issue = parsed.error.issues[0]
      return { path, problem: `${issue?.path.join('.') || 'file'}: ${issue?.message}` }
    } catch {
      return { path, problem: 'not valid JSON' }
    }
  }
  return null
}

/** Adds preset connections that are not there yet (same base URL and workspace). */
export function applyTeamPreset(folders: string[], store: ConnectionsStore): PresetResult {
  const found = readTeamPreset(folders)
  if (!found) return { path: null, added: 0, problem: null }
  if ('problem' in found) return { path: found.path, added: 0, problem: found.problem }
  let added = 0
  for (const entry of found.preset.connections) {
    const baseUrl = normalizeBaseUrl(entry.baseUrl)
    const exists = store
      .list()
      .some((c) => c.baseUrl === baseUrl && c.workspaceId === entry.workspaceId)
    if (exists) continue
    store.add({ ...entry, baseUrl, kind: 'remote', origin: 'preset' })
    added++
  }
  return { path: found.path, added, problem: null }
}
