import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createConnectionsStore } from './connections-store.ts'
import { normalizeBaseUrl, parseDashboardUrl } from './dashboard-url.ts'
import { applyTeamPreset, PRESET_FILE } from './team-preset.ts'

const dirs: string[] = []
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'flowdeck-conn-'))
  dirs.push(d)
  return d
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

const WF = '3f2b6c1e-8a4d-4c2b-9f1e-0a1b2c3d4e5f'

describe('dashboard URL', () => {
  it('takes the base URL and the workflow from a pasted link', () => {
    expect(parseDashboardUrl(`https://flows.example.com/acme/sales/w/${WF}`)).toEqual({
      baseUrl: 'https://flows.example.com',
      orgSlug: 'acme',
      workspaceSlug: 'sales',
      workflowId: WF,
    })
    expect(
      parseDashboardUrl(`https://corp.example/tools/flows/acme/ops/w/${WF}?tab=1`),
    ).toMatchObject({
      baseUrl: 'https://corp.example/tools/flows',
      workspaceSlug: 'ops',
    })
  })

  it('explains what is wrong with other links', () => {
    expect(() => parseDashboardUrl('not a url')).toThrow(/not a web address/)
    expect(() => parseDashboardUrl(`ftp://x/a/b/w/${WF}`)).toThrow(/https/)
    expect(() => parseDashboardUrl('https://x/a/b/w/not-a-uuid')).toThrow(/workflow id/)
    expect(() => parseDashboardUrl(`https://x/a/w/${WF}`)).toThrow(/workflow link/)
  })

  it('normalizes base URLs and refuses credentials in them', () => {
    expect(normalizeBaseUrl(' https://x.example/api/ ')).toBe('https://x.example/api')
    expect(() => normalizeBaseUrl('https://u:p@x.example')).toThrow(/password/)
    expect(() => normalizeBaseUrl('javascript:alert(1)')).toThrow()
  })
})

describe('connections store', () => {
  it('adds, updates and removes connections in a JSON file without any key', () => {
    const dir = tempDir()
    const store = createConnectionsStore(dir)
    const c = store.add({
      name: 'Prod',
      baseUrl: 'https://flows.example.com',
      workspaceId: 'ws1',
      keyType: 'workspace',
      kind: 'remote',
      origin: 'user',
    })
    expect(createConnectionsStore(dir).list()).toEqual([c])
    expect(store.update(c.id, { name: 'Production' }).name).toBe('Production')
    const text = readFileSync(join(dir, 'connections.json'), 'utf8')
    expect(text).not.toMatch(/sk-service-|key"\s*:/i)
    expect(store.remove(c.id)).toBe(true)
    expect(store.list()).toEqual([])
    expect(() => store.get(c.id)).toThrow(/does not exist/)
  })
})

describe('team preset', () => {
  it('pre-fills connections once, from the first folder that has the file', () => {
    const appDir = tempDir()
    const configDir = tempDir()
    writeFileSync(
      join(configDir, PRESET_FILE),
      JSON.stringify({
        connections: [
          { name: 'Team', baseUrl: 'https://flows.team.example/', workspaceId: 'ws-team' },
        ],
      }),
    )
    const store = createConnectionsStore(tempDir())
    expect(applyTeamPreset([appDir, configDir], store)).toMatchObject({ added: 1, problem: null })
    expect(applyTeamPreset([appDir, configDir], store)).toMatchObject({ added: 0 })
    expect(store.list()).toEqual([
      expect.objectContaining({
        name: 'Team',
        baseUrl: 'https://flows.team.example',
        keyType: 'workspace',
        origin: 'preset',
      }),
    ])
  })

  it('reports a broken preset instead of applying half of it; keys are not accepted', () => {
    const dir = tempDir()
    writeFileSync(
      join(dir, PRESET_FILE),
      JSON.stringify({
        connections: [
          { name: 'T', baseUrl: 'https://x.example', workspaceId: 'w', key: 'sk-service-x' },
        ],
      }),
    )
    const store = createConnectionsStore(tempDir())
    expect(applyTeamPreset([dir], store).problem).toMatch(/key|Unrecognized/i)
    expect(store.list()).toEqual([])
  })
})
