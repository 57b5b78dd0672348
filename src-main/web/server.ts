// Browser mode: the built renderer and the same bridge handlers on 127.0.0.1.
// A random per-launch token in the opened URL is traded for an HttpOnly cookie;
// every bridge call needs that cookie plus a custom header no cross-site form can send.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto'
import { readFile, stat } from 'node:fs/promises'
import { extname, join, normalize, resolve, sep } from 'node:path'
import { CHANNEL_NAMES, EVENT_NAMES, type EventName } from '../../src-shared/bridge.ts'
import { dispatch, type HandlerContext, type Handlers } from '../bridge/registry.ts'
import { CSP } from './csp.ts'

export { CSP }

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
}
const COOKIE = 'flowdeck_session'
const MAX_BODY = 15 * 1024 * 1024

export interface WebServerOptions {
  rendererDir: string
  handlers: Handlers
  host?: string
  port?: number
  token?: string
}

export interface WebServer {
  url: string
  /** The URL to open: carries the launch token once. */
  launchUrl: string
  server: Server
  emit: HandlerContext['emit']
  close(): Promise<void>
}

function securityHeaders(res: ServerResponse) {
  res.setHeader('Content-Security-Policy', CSP)
  res.setHeader('X-Content-Type-Options', 'nosniff')
  res.setHeader('Referrer-Policy', 'no-referrer')
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin')
  res.setHeader('Cross-Origin-Resource-Policy', 'same-origin')
}

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

function readCookie(req: IncomingMessage, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=')
    if (k === name) return v.join('=')
  }
  return undefined
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > MAX_BODY) throw new Error('too large')
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/** The browser-mode stand-in for the preload: window.flowdeck over fetch + EventSource. */
function bridgeScript(): string {
  return `(() => {
  const channels = ${JSON.stringify(CHANNEL_NAMES)};
  const eventNames = ${JSON.stringify(EVENT_NAMES)};
  const subscriberId = crypto.randomUUID();
  const listeners = new Map();
  let source = null;
  const call = async (name, input) => {
    try {
      const res = await fetch('/__flowdeck/call/' + encodeURIComponent(name), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Flowdeck-Bridge': '1', 'X-Flowdeck-Subscriber': subscriberId },
        body: JSON.stringify(input ?? {}),
        credentials: 'same-origin',
      });
      if (res.status === 401) return { ok: false, error: { code: 'UNAUTHORIZED', status: 401, message: 'This browser tab is not signed in to Flowdeck. Open the address printed by "npm run web" again.' } };
      return await res.json();
    } catch {
      return { ok: false, error: { code: 'NETWORK', message: 'Flowdeck is not running any more. Start it again with "npm run web".' } };
    }
  };
  const ensureSource = () => {
    if (source) return;
    source = new EventSource('/__flowdeck/events?subscriber=' + subscriberId);
    source.onmessage = (m) => {
      const { event, payload } = JSON.parse(m.data);
      for (const l of listeners.get(event) ?? []) l(payload);
    };
  };
  const api = Object.fromEntries(channels.map((n) => [n, (input) => call(n, input)]));
  api.on = (event, listener) => {
    if (!eventNames.includes(event) || typeof listener !== 'function') throw new TypeError('Unknown bridge event');
    ensureSource();
    if (!listeners.has(event)) listeners.set(event, new Set());
    listeners.get(event).add(listener);
    return () => listeners.get(event).delete(listener);
  };
  Object.defineProperty(window, 'flowdeck', { value: Object.freeze(api), writable: false });
})();
`
}

export async function startWebServer(opts: WebServerOptions): Promise<WebServer> {
  const token = opts.token ?? randomBytes(24).toString('base64url')
  const rendererDir = resolve(opts.rendererDir)
  const streams = new Map<string, Set<ServerResponse>>()
  const script = bridgeScript()

  const emit: HandlerContext['emit'] = (subscriberId, event: EventName, payload) => {
    const line = `data: ${JSON.stringify({ event, payload })}\n\n`
    for (const res of streams.get(subscriberId) ?? []) res.write(line)
  }

  const authed = (req: IncomingMessage) => {
    const cookie = readCookie(req, COOKIE)
    return cookie !== undefined && sameToken(cookie, token)
  }

  const serveFile = async (res: ServerResponse, path: string) => {
    const file = normalize(join(rendererDir, path))
    if (file !== rendererDir && !file.startsWith(rendererDir + sep)) {
      res.writeHead(404).end()
      return
    }
    try {
      const info = await stat(file)
      if (!info.isFile()) throw new Error('not a file')
      let body: Buffer | string = await readFile(file)
      if (file.endsWith('index.html')) {
        body = body
          .toString('utf8')
          .replace('<head>', '<head><script src="/__flowdeck/bridge.js"></script>')
      }
      res.writeHead(200, {
        'Content-Type': MIME[extname(file)] ?? 'application/octet-stream',
        'Cache-Control': 'no-cache',
      })
      res.end(body)
    } catch {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found')
    }
  }

  const server = createServer(async (req, res) => {
    securityHeaders(res)
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    try {
      const launchToken = url.searchParams.get('token')
      if (req.method === 'GET' && launchToken !== null) {
        if (!sameToken(launchToken, token)) {
          res.writeHead(401, { 'Content-Type': 'text/plain' }).end('This link is not valid.')
          return
        }
        res.writeHead(302, {
          'Set-Cookie': `${COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/`,
          Location: '/',
        })
        res.end()
        return
      }
      if (!authed(req)) {
        res
          .writeHead(401, { 'Content-Type': 'text/plain; charset=utf-8' })
          .end('Open the address printed by "npm run web" (it carries a one-time token).')
        return
      }
      if (url.pathname === '/__flowdeck/bridge.js') {
        res.writeHead(200, { 'Content-Type': MIME['.js'], 'Cache-Control': 'no-store' }).end(script)
        return
      }
      if (url.pathname.startsWith('/__flowdeck/call/') && req.method === 'POST') {
        if (req.headers['x-flowdeck-bridge'] !== '1') {
          res.writeHead(403).end()
          return
        }
        const name = decodeURIComponent(url.pathname.slice('/__flowdeck/call/'.length))
        let input: unknown
        try {
          input = JSON.parse((await readBody(req)) || '{}')
        } catch {
          res.writeHead(400, { 'Content-Type': 'application/json' })
          res.end(
            JSON.stringify({ ok: false, error: { code: 'INVALID_JSON', message: 'Bad request.' } }),
          )
          return
        }
        const subscriberId = String(req.headers['x-flowdeck-subscriber'] ?? randomUUID())
        const result = await dispatch(opts.handlers, name, input, {
          mode: 'web',
          subscriberId,
          emit,
        })
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(result))
        return
      }
      if (url.pathname === '/__flowdeck/events' && req.method === 'GET') {
        const id = url.searchParams.get('subscriber') ?? ''
        res.writeHead(200, {
          'Content-Type': 'text/event-stream',
          'Cache-Control': 'no-cache',
          Connection: 'keep-alive',
        })
        res.write(': connected\n\n')
        const set = streams.get(id) ?? new Set()
        set.add(res)
        streams.set(id, set)
        req.on('close', () => {
          set.delete(res)
          if (set.size === 0) streams.delete(id)
        })
        return
      }
      if (req.method !== 'GET') {
        res.writeHead(405).end()
        return
      }
      const path = url.pathname === '/' ? '/index.html' : url.pathname
      await serveFile(res, extname(path) ? path : '/index.html')
    } catch {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' })
      res.end('Internal error')
    }
  })

  await new Promise<void>((ok, fail) => {
    server.once('error', fail)
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => ok())
  })
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('no address')
  const base = `http://${opts.host ?? '127.0.0.1'}:${address.port}`
  return {
    url: base,
    launchUrl: `${base}/?token=${token}`,
    server,
    emit,
    close: () =>
      new Promise<void>((ok) => {
        for (const set of streams.values()) for (const res of set) res.end()
        server.close(() => ok())
        server.closeAllConnections()
      }),
  }
}
