// Electron wiring only: window, guards, menus, the bridge, the core. Logic lives in the modules it wires.
import { app, BrowserWindow, session, webContents } from 'electron'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { createCore } from './core.ts'
import { defaultDataDir } from './data-dir.ts'
import { registerBridge } from './electron/ipc.ts'
import { installMenu } from './electron/menu.ts'
import { nativeFiles, nativeNotifier } from './electron/native.ts'
import { installAppGuards, secureWebPreferences } from './electron/security.ts'
import { utilityLauncher } from './electron/utility-launcher.ts'
import { windowState } from './electron/window-state.ts'
import { CSP } from './web/csp.ts'

const pageFile = join(import.meta.dirname, '../renderer/index.html')
const appUrl = pathToFileURL(pageFile).toString()

// One data folder for both modes (browser mode uses the same one), unless a test passes its own.
if (!app.commandLine.hasSwitch('user-data-dir')) app.setPath('userData', defaultDataDir())

if (!app.requestSingleInstanceLock()) {
  app.quit()
} else {
  let window: BrowserWindow | null = null
  const dataDir = app.getPath('userData')
  const core = createCore({
    dataDir,
    version: app.getVersion(),
    platform: process.platform,
    launch: utilityLauncher(join(app.getAppPath(), 'out/service/cli.js')),
    workflowsDir: join(app.getAppPath(), 'resources/workflows'),
    notifier: nativeNotifier,
    files: nativeFiles(() => window),
    // Team builds ship flowdeck.team.json next to the executable; users may keep one in config.
    presetFolders: [dirname(app.getPath('exe')), dataDir, app.getPath('appData')],
    log: (line) => console.log(line),
  })

  const createWindow = () => {
    const state = windowState(dataDir)
    window = new BrowserWindow({
      ...state.bounds,
      minWidth: 900,
      minHeight: 600,
      show: false,
      title: 'Flowdeck',
      webPreferences: secureWebPreferences(join(import.meta.dirname, '../preload/index.cjs')),
    })
    state.track(window)
    if (state.maximized) window.maximize()
    window.once('ready-to-show', () => window?.show())
    window.on('closed', () => (window = null))
    void window.loadURL(appUrl)
  }

  app.on('second-instance', () => {
    if (window) {
      if (window.isMinimized()) window.restore()
      window.focus()
    }
  })

  void app.whenReady().then(async () => {
    installAppGuards((url) => url === appUrl || url.startsWith(`${appUrl}#`))
    // The page's meta CSP covers file://; the header covers anything served over http(s).
    session.defaultSession.webRequest.onHeadersReceived((details, callback) =>
      callback({
        responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CSP] },
      }),
    )
    installMenu()
    const emit = registerBridge(core.handlers, appUrl, (id) => webContents.fromId(Number(id)))
    core.setEmit(emit)
    createWindow()
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) createWindow()
    })
    await core.start().catch((err: unknown) => console.error('Local service:', err))
  })

  let quitting = false
  app.on('before-quit', (event) => {
    if (quitting) return
    quitting = true
    event.preventDefault()
    void core.stop().finally(() => app.quit())
  })

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })
}
