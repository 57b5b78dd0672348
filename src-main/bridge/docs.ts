import { endpoints } from '../../src-shared/api/endpoints.ts'
import type { AreaHandlers, CoreDeps } from './deps.ts'

/** Bigger files are refused rather than held in memory (and base64-encoded for the page). */
export const MAX_DOWNLOAD_BYTES = 50 * 1024 * 1024

/** A name safe to suggest to a save dialog or a browser: no folders, no control characters. */
export function safeFileName(name: string | null | undefined, fallback: string): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? ''
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '_').trim()
  return clean && clean !== '.' && clean !== '..' ? clean.slice(-200) : fallback
}

export function docsHandlers({ client, files }: CoreDeps): AreaHandlers<'docs'> {
  return {
    'docs:list': async (input) =>
      client.call(input.connectionId, endpoints.listDocs, {
        query: {
          workspaceId: client.workspaceOf(input),
          folderId: input.folderId,
          scope: input.scope,
        },
      }),
    'docs:download': async (input) => {
      const file = await client.download(input.connectionId, endpoints.downloadFile, {
        params: { id: input.fileId },
        query: { workspaceId: client.workspaceOf(input) },
        maxBytes: MAX_DOWNLOAD_BYTES,
      })
      const name = safeFileName(file.filename, `file-${input.fileId}`)
      if (files) return { kind: 'saved', saved: await files.saveBytes(name, file.bytes), name }
      return {
        kind: 'bytes',
        name,
        size: file.bytes.byteLength,
        base64: Buffer.from(file.bytes).toString('base64'),
      }
    },
  }
}
