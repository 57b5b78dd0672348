// Builds multipart/form-data request bodies for app.inject, the way a browser or fetch would.
export interface FilePart {
  name: string
  content: string | Uint8Array
  type?: string
  /** The form field; default `file`. */
  field?: string
}

export async function multipart(
  fields: Record<string, string>,
  files: FilePart[] = [],
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  for (const file of files) {
    const bytes = typeof file.content === 'string' ? Buffer.from(file.content) : file.content
    const blob = new Blob([new Uint8Array(bytes)], { type: file.type ?? '' })
    form.append(file.field ?? 'file', blob, file.name)
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form })
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') as string },
  }
}
