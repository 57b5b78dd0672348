// Imported first by main.tsx, and first by any module that builds schemas when it loads
// (api/errors.ts, which lands in a chunk the entry runs before its own code): zod decides at
// schema construction whether to compile parsers with `new Function`, which the CSP
// (script-src 'self') refuses. jitless keeps it from trying.
import { z } from 'zod'

z.config({ jitless: true })
