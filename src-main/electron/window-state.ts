// Remembers the window's bounds and maximized state between launches, and never restores
// a window onto a display that is no longer there.
import { screen, type BrowserWindow, type Rectangle } from 'electron'
import { join } from 'node:path'
import { z } from 'zod'
import { jsonFile } from '../storage/json-file.ts'

const StateSchema = z.object({
  x: z.number().int().optional(),
  y: z.number().int().optional(),
  width: z.number().int().min(400),
  height: z.number().int().min(300),
  maximized: z.boolean(),
})

export function windowState(dataDir: string) {
  const file = jsonFile(join(dataDir, 'window-state.json'), StateSchema, () => ({
    width: 1280,
    height: 820,
    maximized: false,
  }))
  const saved = file.read()
  const visible = (r: Partial<Rectangle>) =>
    r.x !== undefined &&
    r.y !== undefined &&
    screen.getAllDisplays().some(({ workArea: a }) => {
      return r.x! < a.x + a.width && r.x! + 40 > a.x && r.y! < a.y + a.height && r.y! + 40 > a.y
    })
  return {
    bounds: visible(saved)
      ? { x: saved.x, y: saved.y, width: saved.width, height: saved.height }
      : { width: saved.width, height: saved.height },
    maximized: saved.maximized,
    track(window: BrowserWindow) {
      const save = () => {
        if (window.isDestroyed()) return
        const b = window.getNormalBounds()
        file.write({ ...b, maximized: window.isMaximized() })
      }
      window.on('close', save)
    },
  }
}
