import { describe, expect, it, vi } from 'vitest'

const opened: string[] = []
vi.mock('electron', () => ({
  app: { on: vi.fn() },
  session: { defaultSession: {} },
  shell: { openExternal: async (url: string) => void opened.push(url) },
}))
const { openExternalSafely, secureWebPreferences } = await import('./security.ts')

describe('window security', () => {
  it('one webPreferences factory with the checklist settings', () => {
    expect(secureWebPreferences('/p.cjs')).toMatchObject({
      preload: '/p.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      webviewTag: false,
      allowRunningInsecureContent: false,
      disableBlinkFeatures: 'Auxclick',
    })
  })

  it('opens only https links outside the app', () => {
    expect(openExternalSafely('https://docs.example.com/x')).toBe(true)
    for (const bad of [
      'http://x.example',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'smb://x',
      'nope',
    ]) {
      expect(openExternalSafely(bad), bad).toBe(false)
    }
    expect(opened).toEqual(['https://docs.example.com/x'])
  })
})
