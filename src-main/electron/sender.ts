// IPC sender gate: only our own page, in its main frame, may call main.
export interface SenderFrameInfo {
  url: string | undefined
  isMainFrame: boolean
}

export function isTrustedSender(
  frame: SenderFrameInfo | null | undefined,
  appUrl: string,
): boolean {
  if (!frame || !frame.isMainFrame || !frame.url) return false
  try {
    const sender = new URL(frame.url)
    const ours = new URL(appUrl)
    if (ours.protocol === 'file:') {
      return sender.protocol === 'file:' && sender.pathname === ours.pathname
    }
    return sender.origin === ours.origin
  } catch {
    return false
  }
}
