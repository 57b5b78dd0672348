// Multipart uploads (`file` plus text fields) for the plugin that calls acceptUploads, and only
// for it. A preValidation hook reads the whole body: the text fields become `request.body` (so
// the route's zod schema validates them and the auth hook finds `workspaceId` as in a JSON
// body), the file becomes `request.upload`. Every way a multipart body can be wrong answers a
// 400 (413 for a file over the limit), never a 500.
import multipart from '@fastify/multipart'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ServiceError, invalid } from '../services/errors.ts'

export interface Upload {
  filename: string
  mimeType: string
  bytes: Buffer
}

declare module 'fastify' {
  interface FastifyRequest {
    upload?: Upload
  }
}

export const FILE_FIELD = 'file'

export async function acceptUploads(app: FastifyInstance, maxBytes: number): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: maxBytes, files: 1, fields: 20, parts: 21, fieldSize: 64 * 1024 },
  })
  app.addHook('preValidation', async (request) => {
    if (!request.isMultipart()) return
    const fields: Record<string, string> = {}
    const problems: string[] = []
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          // Read every part to the end, even unwanted ones, so the connection stays usable.
          const bytes = await part.toBuffer()
          if (part.fieldname !== FILE_FIELD) {
            problems.push(
              `Unexpected file in field "${part.fieldname}"; send it as "${FILE_FIELD}"`,
            )
          } else {
            request.upload = { filename: part.filename, mimeType: part.mimetype, bytes }
          }
        } else {
          fields[part.fieldname] = String(part.value)
        }
      }
    } catch (error) {
      throw multipartError(error, maxBytes)
    }
    if (problems.length > 0) throw invalid(problems[0] as string, problems)
    request.body = fields
  })
}

function multipartError(error: unknown, maxBytes: number): ServiceError {
  if (error instanceof ServiceError) return error
  const code = (error as { code?: string }).code
  const mb = Math.round((maxBytes / (1024 * 1024)) * 10) / 10
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new ServiceError('too_large', `The file is larger than the ${mb} MB upload limit`)
    case 'FST_FILES_LIMIT':
      return invalid('Send one file per request')
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return invalid('Too many form fields')
    default:
      return invalid(
        `The multipart body could not be read: ${(error as Error).message ?? String(error)}`,
      )
  }
}

/** The uploaded file, or a 400 that says how to send one. */
export function uploadOf(request: FastifyRequest): Upload {
  if (!request.upload) {
    throw invalid(
      `Send the file as multipart/form-data, in a part named "${FILE_FIELD}", with workspaceId as a text field`,
    )
  }
  return request.upload
}
