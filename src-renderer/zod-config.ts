// Imported first by main.tsx: zod decides at schema construction whether to compile parsers
// with `new Function`, which the CSP (script-src 'self') refuses. jitless keeps it from trying.
import { z } from 'zod'

z.config({ jitless: true })
