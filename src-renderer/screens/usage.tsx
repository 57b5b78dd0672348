// Usage: the sync and async rate buckets with a countdown to reset, the period's cost against
// its limit, and the per-key /api/v1 limit seen on the last response. Refreshes while visible.
import { useQuery } from '@tanstack/react-query'
import { AlertTriangle, Gauge } from 'lucide-react'
import { call } from '../bridge.ts'
import type { RateBucket } from '../../src-shared/api/index.ts'
import { useScope } from '../queries/connections.ts'
import { queryKeys } from '../queries/keys.ts'
import { PageHeader } from '../components/page.tsx'
import { EmptyState, ErrorState, LoadingState } from '../components/states.tsx'
import { useNow, usePageVisible } from '../components/use-now.ts'
import { formatAgo, formatBytes, formatMoney, formatNumber } from '../format.ts'

function countdown(resetAt: string | null | undefined, now: number): string {
  if (!resetAt) return '—'
  const seconds = Math.ceil((new Date(resetAt).getTime() - now) / 1000)
  if (seconds <= 0) return 'now'
  const m = Math.floor(seconds / 60)
  const rest = seconds % 60
  if (m === 0) return `in ${rest} s`
  return rest === 0 ? `in ${m} min` : `in ${m} min ${rest} s`
}

const percent = (part: number, whole: number) =>
  `${(whole ? (part / whole) * 100 : 0).toLocaleString(undefined, { maximumFractionDigits: 1 })}%`

function keyTone(remaining: number | null | undefined, limit: number | null | undefined) {
  if (!limit || remaining === null || remaining === undefined) return ''
  if (remaining <= 0) return 'danger'
  return remaining / limit < 0.2 ? 'warning' : 'success'
}

function BucketCard({ title, bucket, now }: { title: string; bucket: RateBucket; now: number }) {
  const size = bucket.maxBurst ?? bucket.limit ?? bucket.requestsPerMinute ?? 0
  const pct = size ? Math.min(100, (bucket.remaining / size) * 100) : 0
  const tone = bucket.isLimited ? 'danger' : pct < 20 ? 'warning' : 'success'
  return (
    <section className="card card-body meter" aria-label={`${title} requests`}>
      <div className="row between">
        <h2>{title}</h2>
        {bucket.isLimited ? (
          <span className="chip danger">Limited</span>
        ) : (
          <span className="chip success">Available</span>
        )}
      </div>
      <div className="big">
        {formatNumber(bucket.remaining)} <small>of {formatNumber(size)} left</small>
      </div>
      <div
        className={`progress lg ${tone}`}
        role="progressbar"
        aria-label={`${title} requests remaining`}
        aria-valuemin={0}
        aria-valuemax={size}
        aria-valuenow={bucket.remaining}
      >
        <div className="progress-bar" style={{ width: `${pct}%` }} />
      </div>
      <span className="subtle">
        {bucket.requestsPerMinute ? `${formatNumber(bucket.requestsPerMinute)} per minute · ` : ''}
        Resets <span aria-label={`${title} resets`}>{countdown(bucket.resetAt, now)}</span>
      </span>
      {bucket.isLimited && (
        <div className="callout danger" role="alert">
          <AlertTriangle aria-hidden="true" />
          <div>
            No {title.toLowerCase()} requests left. Runs are refused (HTTP 429) until the bucket
            resets {countdown(bucket.resetAt, now)}.
          </div>
        </div>
      )}
    </section>
  )
}

export function UsageScreen() {
  const { scope, connection } = useScope()
  const visible = usePageVisible()
  const now = useNow(1000, visible)
  const usage = useQuery({
    queryKey: scope ? queryKeys.usage(scope) : ['no-scope'],
    enabled: !!scope,
    refetchInterval: visible ? 10_000 : false,
    queryFn: () => call('usage:limits', scope!),
  })
  const rate = useQuery({
    queryKey: scope ? queryKeys.rateLimit(scope.connectionId) : ['no-scope'],
    enabled: !!scope,
    refetchInterval: visible ? 5_000 : false,
    queryFn: () => call('usage:rate-limit', { connectionId: scope!.connectionId }),
  })
  const u = usage.data
  const costPct = u?.usage.limit
    ? Math.min(100, (u.usage.currentPeriodCost / u.usage.limit) * 100)
    : 0
  const overBudget = !!u?.usage.limit && u.usage.currentPeriodCost >= u.usage.limit
  return (
    <div className="page">
      <PageHeader
        title="Usage"
        description={
          connection
            ? `Limits of the account billed for ${connection.name}. Refreshes every 10 seconds.`
            : undefined
        }
        actions={u?.usage.plan && <span className="chip accent plain">{u.usage.plan} plan</span>}
      />
      {usage.isLoading ? (
        <LoadingState label="Loading usage" />
      ) : usage.error ? (
        <div className="card">
          <ErrorState error={usage.error} onRetry={() => usage.refetch()} />
        </div>
      ) : (
        u && (
          <>
            <div
              className="card-grid"
              style={{ gridTemplateColumns: 'repeat(auto-fit, minmax(300px, 1fr))' }}
            >
              <BucketCard title="Sync" bucket={u.rateLimit.sync} now={now} />
              <BucketCard title="Async" bucket={u.rateLimit.async} now={now} />
            </div>
            <p className="muted usage-note">
              Every run counts against the sync bucket, background runs too; background runs also
              use the async bucket.
              {u.rateLimit.authType &&
                ` Counted as ${u.rateLimit.authType === 'api' ? 'API key' : 'manual'} use.`}
            </p>
            <div
              className="card-grid"
              style={{ gridTemplateColumns: 'repeat(auto-fit, minmax(300px, 1fr))' }}
            >
              <section className="card card-body meter" aria-label="Cost this period">
                <div className="row between">
                  <h2>Cost this period</h2>
                  {overBudget ? (
                    <span className="chip danger">Limit reached</span>
                  ) : (
                    <span className="chip success">Within budget</span>
                  )}
                </div>
                <div className="big">
                  {formatMoney(u.usage.currentPeriodCost)}{' '}
                  <small>of {u.usage.limit ? formatMoney(u.usage.limit) : 'no limit'}</small>
                </div>
                <div
                  className={`progress lg ${costPct >= 100 ? 'danger' : costPct > 80 ? 'warning' : 'success'}`}
                  role="progressbar"
                  aria-label="Cost against the limit"
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={Math.round(costPct)}
                >
                  <div className="progress-bar" style={{ width: `${costPct}%` }} />
                </div>
                <span className="subtle">
                  {u.usage.limit
                    ? `${percent(u.usage.currentPeriodCost, u.usage.limit)} of the ${u.usage.plan ?? ''} plan's budget used`
                    : `${u.usage.plan ?? 'This'} plan has no usage limit`}
                  {u.storage &&
                    ` · storage ${formatBytes(u.storage.usedBytes)}${u.storage.limitBytes ? ` of ${formatBytes(u.storage.limitBytes)}` : ''}`}
                </span>
                {overBudget && (
                  <div className="callout danger" role="alert">
                    <AlertTriangle aria-hidden="true" />
                    <div>
                      The budget for this billing period is spent. Runs are refused (HTTP 402) until
                      the next period or a plan upgrade.
                    </div>
                  </div>
                )}
              </section>
              <section className="card card-body meter" aria-label="API rate limit for this key">
                <h2>API requests for this key</h2>
                {rate.data ? (
                  <>
                    <div className="big">
                      {formatNumber(rate.data.remaining)}{' '}
                      <small>of {formatNumber(rate.data.limit)} left</small>
                    </div>
                    <div
                      className={`progress lg ${keyTone(rate.data.remaining, rate.data.limit)}`}
                      role="progressbar"
                      aria-label="API requests remaining for this key"
                      aria-valuemin={0}
                      aria-valuemax={rate.data.limit ?? 0}
                      aria-valuenow={rate.data.remaining ?? 0}
                    >
                      <div
                        className="progress-bar"
                        style={{
                          width: `${rate.data.limit ? Math.min(100, ((rate.data.remaining ?? 0) / rate.data.limit) * 100) : 0}%`,
                        }}
                      />
                    </div>
                    <span className="subtle">
                      Resets {countdown(rate.data.reset, now)} · seen{' '}
                      {formatAgo(rate.data.observedAt, now)} on a /api/v1 response
                    </span>
                  </>
                ) : (
                  <EmptyState title="Not seen yet" icon={<Gauge />}>
                    The service reports this limit on workflow, log and audit lists. Open one of
                    those screens and it shows here.
                  </EmptyState>
                )}
              </section>
            </div>
          </>
        )
      )}
    </div>
  )
}
