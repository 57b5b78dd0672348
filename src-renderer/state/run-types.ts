import type { z } from 'zod'
import type { RunModeSchema } from '../../src-shared/bridge.ts'

export type RunMode = z.infer<typeof RunModeSchema>
