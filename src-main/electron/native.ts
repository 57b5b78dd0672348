// Native notifications and file dialogs, handed to the core as plain functions.
import { dialog, Notification, type BrowserWindow } from 'electron'
import { readFile, stat, writeFile } from 'node:fs/promises'
import { basename, extname } from 'node:path'
import type { CoreDeps } from '../bridge/deps.ts'
import { BridgeFailure } from '../bridge/errors.ts'
import type { Notifier } from '../client/job-tracker.ts'

const MIME: Record<string, string> = {
  '.json': 'application/json',
  '.txt': 'text/plain',
  '.csv': 'text/csv',
  '.md': 'text/markdown',
  '.pdf': 'application/pdf',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
}

export const nativeNotifier: Notifier = {
  notify(title, body) {
    if (Notification.isSupported()) new Notification({ title, body, silent: false }).show()
  },
}

export function nativeFiles(window: () => BrowserWindow | null): NonNullable<CoreDeps['files']> {
  return {
    async pick(maxBytes) {
      const owner = window()
      const options = { properties: ['openFile' as const] }
      const result = owner
        ? await dialog.showOpenDialog(owner, options)
        : await dialog.showOpenDialog(options)
      const path = result.filePaths[0]
      if (result.canceled || !path) return null
      const info = await stat(path)
      if (info.size > maxBytes) {
        throw new BridgeFailure(
          'PAYLOAD_TOO_LARGE',
          `That file is ${Math.ceil(info.size / 1024)} KB; the limit here is ${Math.floor(maxBytes / 1024)} KB.`,
        )
      }
      const mime = MIME[extname(path).toLowerCase()] ?? 'application/octet-stream'
      const bytes = await readFile(path)
      return {
        name: basename(path),
        mime,
        size: info.size,
        dataUrl: `data:${mime};base64,${bytes.toString('base64')}`,
      }
    },
    save: (suggestedName, text) => saveAs(window(), suggestedName, text),
    saveBytes: (suggestedName, bytes) => saveAs(window(), suggestedName, bytes),
  }
}

/** The native save dialog (attached to our window when there is one), then the write. */
async function saveAs(
  owner: BrowserWindow | null | undefined,
  suggestedName: string,
  data: string | Uint8Array,
): Promise<boolean> {
  const options = { defaultPath: suggestedName }
  const result = owner
    ? await dialog.showSaveDialog(owner, options)
    : await dialog.showSaveDialog(options)
  if (result.canceled || !result.filePath) return false
  await writeFile(result.filePath, data)
  return true
}
