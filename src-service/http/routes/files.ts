// Workspace docs: the listing (spec: Workspace docs) and, per API-NOTES, upload, download
// (the bytes with Content-Disposition) and archive.
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod'
import { IdParamsSchema } from '../../../src-shared/api/common.ts'
import {
  ArchiveFileBodySchema,
  DownloadFileQuerySchema,
  ListDocsQuerySchema,
  UploadFileFieldsSchema,
} from '../../../src-shared/api/docs.ts'
import {
  archiveFile,
  contentDisposition,
  downloadFile,
  fileView,
  listFiles,
  uploadFile,
} from '../../services/files.ts'
import { accessOf, callerOf } from '../auth.ts'
import { acceptUploads, uploadOf } from '../multipart.ts'

export interface FileRouteOptions {
  maxUploadBytes: number
}

const auth = { scope: 'workspace' } as const

export const fileRoutes: FastifyPluginAsyncZod<FileRouteOptions> = async (app, options) => {
  const { ctx } = app

  app.get(
    '/api/v1/docs',
    { schema: { querystring: ListDocsQuerySchema }, config: { auth } },
    async (request) => {
      const { folderId, scope } = request.query
      return { success: true, data: listFiles(ctx, accessOf(request), { folderId, scope }) }
    },
  )

  app.get(
    '/api/v1/files/:id',
    { schema: { params: IdParamsSchema, querystring: DownloadFileQuerySchema }, config: { auth } },
    async (request, reply) => {
      const { file, bytes } = downloadFile(ctx, accessOf(request), request.params.id)
      // Bytes as stored, never rendered by a browser that opens the URL: attachment, no
      // sniffing, and a sandbox in case an HTML file is opened anyway.
      return reply
        .header('Content-Type', file.mimeType)
        .header('Content-Disposition', contentDisposition(file.name))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))
    },
  )

  app.delete(
    '/api/v1/files/:id',
    { schema: { params: IdParamsSchema, body: ArchiveFileBodySchema }, config: { auth } },
    async (request) => {
      const file = archiveFile(ctx, callerOf(request).user, accessOf(request), request.params.id)
      return { success: true, data: { file: fileView(file), message: 'File archived' } }
    },
  )

  await app.register(async (uploads) => {
    await acceptUploads(uploads, options.maxUploadBytes)
    uploads
      .withTypeProvider<ZodTypeProvider>()
      .post(
        '/api/v1/files',
        { schema: { body: UploadFileFieldsSchema }, config: { auth } },
        async (request) => {
          const upload = uploadOf(request)
          const file = uploadFile(ctx, callerOf(request).user, accessOf(request), {
            filename: upload.filename,
            mimeType: upload.mimeType,
            bytes: upload.bytes,
            folderId: request.body.folderId,
          })
          return { success: true, data: { file: fileView(file), message: 'File uploaded' } }
        },
      )
  })
}
