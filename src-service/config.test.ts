import { describe, expect, it } from 'vitest'
import { configFromEnv } from './config.ts'

describe('configFromEnv', () => {
  it('leaves everything to the defaults when nothing is set', () => {
    expect(configFromEnv({})).toEqual({
      encryptionKey: undefined,
      apiRatePerMinute: undefined,
      executionRates: undefined,
      maxInFlightRuns: undefined,
    })
  })

  it('reads the enterprise execution rates, the admission cap and the per-key API rate', () => {
    expect(
      configFromEnv({
        RATE_LIMIT_ENTERPRISE_SYNC: '60',
        RATE_LIMIT_ENTERPRISE_ASYNC: '900',
        ADMISSION_GATE_MAX_INFLIGHT: '12',
        RATE_LIMIT_API_PER_MINUTE: '30',
      }),
    ).toMatchObject({
      executionRates: { sync: 60, async: 900 },
      maxInFlightRuns: 12,
      apiRatePerMinute: 30,
    })
    expect(configFromEnv({ RATE_LIMIT_ENTERPRISE_ASYNC: '7' }).executionRates).toEqual({
      sync: undefined,
      async: 7,
    })
  })

  it('refuses values that are not positive integers, naming the variable', () => {
    expect(() => configFromEnv({ RATE_LIMIT_ENTERPRISE_SYNC: '0' })).toThrow(
      'RATE_LIMIT_ENTERPRISE_SYNC must be a positive integer, not "0"',
    )
    expect(() => configFromEnv({ RATE_LIMIT_ENTERPRISE_ASYNC: '1.5' })).toThrow(
      'RATE_LIMIT_ENTERPRISE_ASYNC',
    )
    expect(() => configFromEnv({ ADMISSION_GATE_MAX_INFLIGHT: 'lots' })).toThrow(
      'ADMISSION_GATE_MAX_INFLIGHT',
    )
  })
})
