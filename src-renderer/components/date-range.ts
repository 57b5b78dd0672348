/** `<input type="datetime-local">` value -> ISO timestamp with offset, as the API expects. */
export function toIso(local: string): string | undefined {
  if (!local) return undefined
  const d = new Date(local)
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString()
}
