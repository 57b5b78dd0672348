// Knowledge bases and documents (spec: Knowledge bases, Knowledge documents; API-NOTES for
// upload and delete). Workspace-wide resources: keys narrowed to single workflows get 403.
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod'
import { IdParamsSchema } from '../../../src-shared/api/common.ts'
import {
  CreateKnowledgeBaseBodySchema,
  DeleteDocumentBodySchema,
  DeleteKnowledgeBaseBodySchema,
  DocumentParamsSchema,
  GetDocumentQuerySchema,
  GetKnowledgeBaseQuerySchema,
  ListDocumentsQuerySchema,
  ListKnowledgeBasesQuerySchema,
  UpdateKnowledgeBaseBodySchema,
  UploadDocumentFieldsSchema,
} from '../../../src-shared/api/knowledge.ts'
import type { DocumentWorker } from '../../services/document-worker.ts'
import {
  createKnowledgeBase,
  deleteDocument,
  deleteKnowledgeBase,
  documentView,
  getDocument,
  knowledgeBaseView,
  listDocuments,
  listKnowledgeBases,
  requireBase,
  updateKnowledgeBase,
  uploadDocument,
} from '../../services/knowledge.ts'
import { accessOf, callerOf } from '../auth.ts'
import { acceptUploads, uploadOf } from '../multipart.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** The background document processor (decorated by buildApp; tests wait on `idle()`). */
    documents: DocumentWorker
  }
}

export interface KnowledgeRouteOptions {
  worker: DocumentWorker
  maxUploadBytes: number
}

const auth = { scope: 'workspace' } as const

export const knowledgeRoutes: FastifyPluginAsyncZod<KnowledgeRouteOptions> = async (
  app,
  options,
) => {
  const { ctx } = app

  app.get(
    '/api/v1/knowledge',
    { schema: { querystring: ListKnowledgeBasesQuerySchema }, config: { auth } },
    async (request) => ({ success: true, data: listKnowledgeBases(ctx, accessOf(request)) }),
  )

  app.post(
    '/api/v1/knowledge',
    { schema: { body: CreateKnowledgeBaseBodySchema }, config: { auth } },
    async (request) => {
      const { workspaceId: _ws, ...input } = request.body
      const kb = createKnowledgeBase(ctx, callerOf(request).user, accessOf(request), input)
      return {
        success: true,
        data: { knowledgeBase: knowledgeBaseView(kb), message: 'Knowledge base created' },
      }
    },
  )

  app.get(
    '/api/v1/knowledge/:id',
    {
      schema: { params: IdParamsSchema, querystring: GetKnowledgeBaseQuerySchema },
      config: { auth },
    },
    async (request) => ({
      success: true,
      data: {
        knowledgeBase: knowledgeBaseView(requireBase(ctx, accessOf(request), request.params.id)),
      },
    }),
  )

  app.put(
    '/api/v1/knowledge/:id',
    { schema: { params: IdParamsSchema, body: UpdateKnowledgeBaseBodySchema }, config: { auth } },
    async (request) => {
      const { workspaceId: _ws, ...input } = request.body
      const kb = updateKnowledgeBase(
        ctx,
        callerOf(request).user,
        accessOf(request),
        request.params.id,
        input,
      )
      return {
        success: true,
        data: { knowledgeBase: knowledgeBaseView(kb), message: 'Knowledge base updated' },
      }
    },
  )

  app.delete(
    '/api/v1/knowledge/:id',
    { schema: { params: IdParamsSchema, body: DeleteKnowledgeBaseBodySchema }, config: { auth } },
    async (request) => {
      deleteKnowledgeBase(ctx, callerOf(request).user, accessOf(request), request.params.id)
      return { success: true, data: { message: 'Knowledge base deleted' } }
    },
  )

  app.get(
    '/api/v1/knowledge/:id/documents',
    { schema: { params: IdParamsSchema, querystring: ListDocumentsQuerySchema }, config: { auth } },
    async (request) => {
      const { workspaceId: _ws, ...query } = request.query
      return {
        success: true,
        data: listDocuments(ctx, accessOf(request), request.params.id, query),
      }
    },
  )

  app.get(
    '/api/v1/knowledge/:id/documents/:documentId',
    {
      schema: { params: DocumentParamsSchema, querystring: GetDocumentQuerySchema },
      config: { auth },
    },
    async (request) => {
      const { id, documentId } = request.params
      const doc = getDocument(ctx, accessOf(request), id, documentId)
      return { success: true, data: { document: documentView(doc, { withCharacters: true }) } }
    },
  )

  app.delete(
    '/api/v1/knowledge/:id/documents/:documentId',
    {
      schema: { params: DocumentParamsSchema, body: DeleteDocumentBodySchema },
      config: { auth },
    },
    async (request) => {
      const { id, documentId } = request.params
      deleteDocument(ctx, callerOf(request).user, accessOf(request), id, documentId)
      return { success: true, data: { message: 'Document deleted' } }
    },
  )

  // Multipart only here: the upload lives in its own encapsulated plugin.
  await app.register(async (uploads) => {
    await acceptUploads(uploads, options.maxUploadBytes)
    uploads.withTypeProvider<ZodTypeProvider>().post(
      '/api/v1/knowledge/:id/documents',
      {
        schema: { params: IdParamsSchema, body: UploadDocumentFieldsSchema },
        config: { auth },
      },
      async (request) => {
        const upload = uploadOf(request)
        const doc = uploadDocument(
          ctx,
          callerOf(request).user,
          accessOf(request),
          request.params.id,
          {
            filename: upload.filename,
            mimeType: upload.mimeType,
            bytes: upload.bytes,
          },
        )
        options.worker.wake()
        return { success: true, data: { document: documentView(doc) } }
      },
    )
  })
}
