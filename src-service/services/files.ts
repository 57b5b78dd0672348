// Workspace files (the docs listing): list by folder and scope, upload, download, archive.
// Bytes are kept in the database (store/files-repo.ts), so a data folder is one SQLite file.
import type { WorkspaceAccess } from '../auth/access.ts'
import { transaction } from '../store/index.ts'
import type { FileScope, WorkspaceFileRecord } from '../store/files-repo.ts'
import type { User } from '../store/identity-repo.ts'
import { recordAudit } from './audit.ts'
import type { ServiceContext } from './context.ts'
import { invalid, notFound } from './errors.ts'
import { cleanFilename, type UploadedFile } from './knowledge.ts'

/** The docs listing item: the spec's fields, plus folderId and archivedAt. */
export function fileView(f: WorkspaceFileRecord) {
  return {
    id: f.id,
    name: f.name,
    size: f.size,
    type: f.mimeType,
    key: f.storageKey,
    uploadedBy: f.uploadedBy,
    uploadedAt: f.uploadedAt,
    folderId: f.folderId,
    archivedAt: f.archivedAt,
  }
}

export function listFiles(
  ctx: ServiceContext,
  access: WorkspaceAccess,
  q: { folderId?: string; scope: FileScope },
) {
  const files = ctx.store.files
    .list({ workspaceId: access.workspace.id, folderId: q.folderId, scope: q.scope })
    .map(fileView)
  return { files, totalCount: files.length }
}

export function requireFile(
  ctx: ServiceContext,
  access: WorkspaceAccess,
  id: string,
): WorkspaceFileRecord {
  const file = ctx.store.files.get(access.workspace.id, id)
  if (!file) throw notFound('File')
  return file
}

const BY_EXTENSION: Record<string, string> = {
  txt: 'text/plain',
  md: 'text/markdown',
  csv: 'text/csv',
  json: 'application/json',
  html: 'text/html',
  htm: 'text/html',
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  zip: 'application/zip',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
}
const GENERIC = 'application/octet-stream'

/** The type the client sent; when it sent none (or only "bytes"), one from the extension. */
function fileType(name: string, declared: string): string {
  const value = declared.trim().toLowerCase()
  if (/^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+(\s*;.*)?$/.test(value) && value !== GENERIC) {
    return value
  }
  const dot = name.lastIndexOf('.')
  return (dot > 0 && BY_EXTENSION[name.slice(dot + 1).toLowerCase()]) || GENERIC
}

export function uploadFile(
  ctx: ServiceContext,
  actor: User,
  access: WorkspaceAccess,
  input: UploadedFile & { folderId?: string },
): WorkspaceFileRecord {
  const name = cleanFilename(input.filename)
  if (input.bytes.byteLength === 0) throw invalid(`"${name}" is empty`)
  const workspaceId = access.workspace.id
  if (input.folderId !== undefined) {
    const folder = ctx.store.identity.getFolder(input.folderId)
    if (!folder || folder.workspaceId !== workspaceId) throw notFound('Folder')
  }
  return transaction(ctx.store.db, () => {
    const file = ctx.store.files.create({
      workspaceId,
      folderId: input.folderId ?? null,
      name,
      mimeType: fileType(name, input.mimeType),
      uploadedBy: actor.id,
      bytes: input.bytes,
    })
    recordAudit(ctx, actor, {
      action: 'file.uploaded',
      resourceType: 'file',
      resourceId: file.id,
      workspaceId,
      metadata: { name, size: file.size, type: file.mimeType, folderId: file.folderId },
    })
    return file
  })
}

export function downloadFile(ctx: ServiceContext, access: WorkspaceAccess, id: string) {
  const file = requireFile(ctx, access, id)
  const bytes = ctx.store.files.content(file.id)
  if (!bytes) throw notFound('File content')
  return { file, bytes }
}

/** Archiving hides the file from the active listing; it stays downloadable. Idempotent. */
export function archiveFile(
  ctx: ServiceContext,
  actor: User,
  access: WorkspaceAccess,
  id: string,
): WorkspaceFileRecord {
  return transaction(ctx.store.db, () => {
    const file = requireFile(ctx, access, id)
    if (file.archivedAt !== null) return file
    ctx.store.files.archive(file.id)
    recordAudit(ctx, actor, {
      action: 'file.deleted',
      resourceType: 'file',
      resourceId: file.id,
      workspaceId: file.workspaceId,
      metadata: { name: file.name, archived: true },
    })
    return requireFile(ctx, access, id)
  })
}

/** `attachment` with an ASCII fallback name and the exact name in RFC 5987 form. */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  )
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`
}
