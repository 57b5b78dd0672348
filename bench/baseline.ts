// The yardstick: a bare node:http server answering a small JSON body.
import { createServer, type Server } from 'node:http'

export async function startBareServer(): Promise<{ url: string; server: Server }> {
  const server = createServer((_req, res) => {
    const body = JSON.stringify({ ok: true })
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': body.length })
    res.end(body)
  })
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  const addr = server.address()
  if (!addr || typeof addr === 'string') throw new Error('no address')
  return { url: `http://127.0.0.1:${addr.port}`, server }
}
