// Electron wiring only: window, guards, menus, the bridge. Logic lives in the modules it wires.
import { app, BrowserWindow, webContents } from 'electron'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { createHandlers } from './bridge/handlers.ts'
import { registerBridge } from './electron/ipc.ts'
import { installAppGuards, secureWebPreferences } from './electron/security.ts'

const pageFile = join(import.meta.dirname, '../renderer/index.html')
const appUrl = pathToFileURL(pageFile).toString()

if (!app.requestSingleInstanceLock()) {
  app.quit()
} else {
  let window: BrowserWindow | null = null

  const createWindow = () => {
    window = new BrowserWindow({
      width: 1280,
      height: 820,
      minWidth: 900,
      minHeight: 600,
      show: false,
      title: 'Flowdeck',
      webPreferences: secureWebPreferences(join(import.meta.dirname, '../preload/index.cjs')),
    })
    window.once('ready-to-show', () => window?.show())
    void window.loadURL(appUrl)
  }

  app.on('second-instance', () => {
    if (window) {
      if (window.isMinimized()) window.restore()
      window.focus()
    }
  })

  void app.whenReady().then(() => {
    installAppGuards((url) => url === appUrl || url.startsWith(`${appUrl}#`))
    registerBridge(
      createHandlers({ version: app.getVersion(), platform: process.platform }),
      appUrl,
      (id) => webContents.fromId(Number(id)) ?? undefined,
    )
    createWindow()
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) createWindow()
    })
  })

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })
}
