// The local service supervisor's health probe: GET /healthz without a key.
export async function probeHealth(baseUrl: string, timeoutMs = 2000): Promise<boolean> {
  try {
    const res = await fetch(new URL('/healthz', baseUrl), {
      signal: AbortSignal.timeout(timeoutMs),
    })
    await res.body?.cancel()
    return res.ok
  } catch {
    return false
  }
}
