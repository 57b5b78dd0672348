// The renderer bundle's `zod`: electron.vite.config.ts aliases every `import ... from 'zod'` in
// the renderer (src-shared included) to this module, so zod is configured before any module that
// imports it can build a schema. zod decides at schema construction whether to compile parsers
// with `new Function`, which the CSP (script-src 'self') refuses; jitless keeps it from trying.
// ES module order guarantees this body runs before the body of anything importing it.
import { config } from 'zod/v4'

config({ jitless: true })

export * from 'zod/v4'
