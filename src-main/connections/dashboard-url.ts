// A pasted dashboard URL `{base}/{orgSlug}/{workspaceSlug}/w/{workflowId}` gives the base URL
// (everything before the org slug, so a service under a sub-path works) and the workflow.
import { BridgeFailure } from '../bridge/errors.ts'

export interface DashboardLink {
  baseUrl: string
  orgSlug: string
  workspaceSlug: string
  workflowId: string
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export function parseDashboardUrl(raw: string): DashboardLink {
  let url: URL
  try {
    url = new URL(raw.trim())
  } catch {
    throw new BridgeFailure('INVALID_INPUT', 'That is not a web address.')
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new BridgeFailure('INVALID_INPUT', 'The address must start with https:// or http://.')
  }
  const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent)
  const w = parts.lastIndexOf('w')
  if (w < 2 || w !== parts.length - 2) {
    throw new BridgeFailure(
      'INVALID_INPUT',
      'That address is not a workflow link. It should look like https://host/org/workspace/w/<workflow id>.',
    )
  }
  const workflowId = parts[w + 1]!
  if (!UUID.test(workflowId)) {
    throw new BridgeFailure('INVALID_INPUT', 'The last part of the link is not a workflow id.')
  }
  const prefix = parts.slice(0, w - 2)
  const base = new URL(url.origin)
  base.pathname = prefix.length ? `/${prefix.map(encodeURIComponent).join('/')}` : '/'
  return {
    baseUrl: base.toString().replace(/\/$/, ''),
    orgSlug: parts[w - 2]!,
    workspaceSlug: parts[w - 1]!,
    workflowId,
  }
}

/** Base URLs are stored without a trailing slash; only http(s) is accepted. */
export function normalizeBaseUrl(raw: string): string {
  let url: URL
  try {
    url = new URL(raw.trim())
  } catch {
    throw new BridgeFailure('INVALID_INPUT', 'The base URL is not a web address.')
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new BridgeFailure('INVALID_INPUT', 'The base URL must start with https:// or http://.')
  }
  if (url.username || url.password) {
    throw new BridgeFailure(
      'INVALID_INPUT',
      'The base URL must not contain a user name or password.',
    )
  }
  url.search = ''
  url.hash = ''
  return url.toString().replace(/\/+$/, '')
}
