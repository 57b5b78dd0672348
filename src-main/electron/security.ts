// App-wide guards installed once, and the one webPreferences factory (Electron checklist).
import { app, session, shell, type WebPreferences } from 'electron'

export function secureWebPreferences(preload: string): WebPreferences {
  return {
    preload,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    experimentalFeatures: false,
    spellcheck: false,
    // Middle-click would open links in new windows; we never want that.
    disableBlinkFeatures: 'Auxclick',
  }
}

/** The only way to open something outside the app: https links, in the OS browser. */
export function openExternalSafely(raw: string): boolean {
  try {
    const url = new URL(raw)
    if (url.protocol !== 'https:') return false
    void shell.openExternal(url.toString())
    return true
  } catch {
    return false
  }
}

export function installAppGuards(isOurPage: (url: string) => boolean): void {
  session.defaultSession.setPermissionRequestHandler((_wc, _permission, callback) =>
    callback(false),
  )
  session.defaultSession.setPermissionCheckHandler(() => false)
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-attach-webview', (e) => e.preventDefault())
    contents.on('will-navigate', (e, url) => {
      if (!isOurPage(url)) e.preventDefault()
    })
    contents.on('will-redirect', (e, url) => {
      if (!isOurPage(url)) e.preventDefault()
    })
    contents.setWindowOpenHandler(({ url }) => {
      openExternalSafely(url)
      return { action: 'deny' }
    })
  })
}
