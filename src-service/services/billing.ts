// What a run costs and which billing period it belongs to. The model is deliberately simple and
// the same everywhere (usage totals, the 402 budget check, and any per-run `cost` shown in
// logs), so a user can predict a bill from a run's shape:
//
//   cost = $0.001 per run  +  $0.0005 per block executed  +  $0.002 per 1,000 model tokens
//
// Failed and cancelled runs pay for what they ran. Amounts are kept in whole micro-dollars
// (integers) so that sums over millions of runs never drift; dollars only at the edges.
import type { RunUsage } from './execution-gate.ts'

export const COST_MODEL = {
  /** Every run, whatever it did. */
  perRunMicros: 1_000,
  /** Each block that ran, including a block that failed. */
  perBlockMicros: 500,
  /** Model tokens (prompt + completion) spent by agent blocks, per 1,000. */
  perThousandTokensMicros: 2_000,
} as const

const MICROS_PER_DOLLAR = 1_000_000

/** The cost of one run in micro-dollars (an integer). */
export function runCostMicros(usage: Pick<RunUsage, 'blocksExecuted' | 'tokens'>): number {
  const blocks = Math.max(0, Math.floor(usage.blocksExecuted))
  const tokens = Math.max(0, (usage.tokens?.prompt ?? 0) + (usage.tokens?.completion ?? 0))
  return (
    COST_MODEL.perRunMicros +
    blocks * COST_MODEL.perBlockMicros +
    Math.round((tokens * COST_MODEL.perThousandTokensMicros) / 1000)
  )
}

/** The cost of one run in dollars (for a log's `cost.total`). */
export const runCost = (usage: Pick<RunUsage, 'blocksExecuted' | 'tokens'>): number =>
  toDollars(runCostMicros(usage))

export const toDollars = (micros: number): number => micros / MICROS_PER_DOLLAR
export const toMicros = (dollars: number): number => Math.round(dollars * MICROS_PER_DOLLAR)

export interface BillingPeriod {
  /** `YYYY-MM`: the calendar month in UTC. */
  key: string
  start: Date
  /** Exclusive. */
  end: Date
}

/** Billing periods are calendar months in UTC; a run belongs to the period in which it ended. */
export function billingPeriodOf(at: Date): BillingPeriod {
  const year = at.getUTCFullYear()
  const month = at.getUTCMonth()
  return {
    key: `${year}-${String(month + 1).padStart(2, '0')}`,
    start: new Date(Date.UTC(year, month, 1)),
    end: new Date(Date.UTC(year, month + 1, 1)),
  }
}
