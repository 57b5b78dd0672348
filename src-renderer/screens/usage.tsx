// Usage: the sync and async rate buckets with a countdown to reset, the period's cost against
// its limit, and the per-key /api/v1 limit seen on the last response. Refreshes while visible.
import { useQuery } from '@tanstack/react-query'
import { AlertTriangle, Gauge } from 'lucide-react'
import { call } from '../bridge.ts'
import { parseAnswer, UsageSchema, type Bucket } from '../api/shapes.ts'
import { useScope } from '../queries/connections.ts'
import { queryKeys } from '../queries/keys.ts'
import { PageHeader } from '../components/page.tsx'
import { EmptyState, ErrorState, LoadingState } from '../components/states.tsx'
import { useNow, usePageVisible } from '../components/use-now.ts'
import { formatAgo, formatBytes, formatDuration, formatMoney, formatNumber } from '../format.ts'

function countdown(resetAt: string | null | undefined, now: number): string {
  if (!resetAt) return '—'
  const ms = new Date(resetAt).getTime() - now
  return ms <= 0 ? 'now' : `in ${formatDuration(Math.ceil(ms / 1000) * 1000)}`
}

function BucketCard({ title, bucket, now }: { title: string; bucket: Bucket; now: number }) {
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
    queryFn: async () =>
      parseAnswer(UsageSchema, await call('usage:limits', scope!), 'the usage limits'),
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
            <p className="subtle">
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
                  {u.usage.limit && u.usage.currentPeriodCost >= u.usage.limit ? (
                    <span className="chip danger">Limit reached</span>
                  ) : null}
                </div>
                <div className="big">
                  {formatMoney(u.usage.currentPeriodCost)}{' '}
                  <small>of {u.usage.limit ? formatMoney(u.usage.limit) : 'no limit'}</small>
                </div>
                <div
                  className={`progress lg ${costPct >= 100 ? 'danger' : costPct > 80 ? 'warning' : ''}`}
                  role="progressbar"
                  aria-label="Cost against the limit"
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={Math.round(costPct)}
                >
                  <div className="progress-bar" style={{ width: `${costPct}%` }} />
                </div>
                {u.storage && (
                  <span className="subtle">
                    Storage {formatBytes(u.storage.usedBytes)}
                    {u.storage.limitBytes ? ` of ${formatBytes(u.storage.limitBytes)}` : ''}
                  </span>
                )}
              </section>
              <section className="card card-body meter" aria-label="API rate limit for this key">
                <h2>API requests for this key</h2>
                {rate.data ? (
                  <>
                    <div className="big">
                      {rate.data.remaining ?? '—'} <small>of {rate.data.limit ?? '—'} left</small>
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
