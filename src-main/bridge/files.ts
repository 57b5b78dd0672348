// Native file pick/save for the run form and results. Browser mode has no dialogs in main,
// so these answer BAD_REQUEST there and the page uses its own file input and download.
import type { z } from 'zod'
import type { FilePayloadSchema } from '../../src-shared/bridge.ts'
import type { AreaHandlers, CoreDeps } from './deps.ts'
import { BridgeFailure } from './errors.ts'

export type FilePayload = z.infer<typeof FilePayloadSchema>

const DEFAULT_MAX = 25 * 1024 * 1024

function noDialogs(): never {
  throw new BridgeFailure(
    'BAD_REQUEST',
    'File dialogs are only available in the desktop app; use the page’s file picker.',
  )
}

export function filesHandlers(deps: CoreDeps): AreaHandlers<'files'> {
  return {
    'files:pick': async ({ maxBytes }) => {
      if (!deps.files) noDialogs()
      return deps.files.pick(maxBytes ?? DEFAULT_MAX)
    },
    'files:save': async ({ suggestedName, text }) => {
      if (!deps.files) noDialogs()
      return { saved: await deps.files.save(suggestedName, text) }
    },
  }
}

/** A data URL back into bytes (uploads) — only base64 data URLs are accepted. */
export function dataUrlToBlob(dataUrl: string, mime: string): Blob {
  const match = /^data:([^;,]*)(;base64)?,(.*)$/s.exec(dataUrl)
  if (!match || !match[2]) {
    throw new BridgeFailure('INVALID_INPUT', 'The file must be sent as a base64 data URL.')
  }
  return new Blob([Buffer.from(match[3]!, 'base64')], { type: mime || match[1] || '' })
}
