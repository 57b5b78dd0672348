// Cursor-paged lists of logs and audit entries, and their details.
import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import type { ChannelInput } from '../../src-shared/bridge.ts'
import { call } from '../bridge.ts'
import { queryKeys, type Scope } from './keys.ts'

type Without<T> = Omit<T, 'connectionId' | 'workspaceId' | 'cursor'>
export type LogFilters = Without<ChannelInput<'logs:list'>>
export type AuditFilters = Without<ChannelInput<'audit:list'>>

export function useLogPages(scope: Scope | null, f: LogFilters) {
  return useInfiniteQuery({
    queryKey: scope ? queryKeys.logs(scope, f) : ['no-scope'],
    enabled: !!scope,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) => call('logs:list', { ...scope!, ...f, cursor: pageParam }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })
}

export function useLog(scope: Scope | null, id: string | null) {
  return useQuery({
    queryKey: scope ? queryKeys.log(scope, id ?? '') : ['no-scope'],
    enabled: !!scope && !!id,
    queryFn: async () => (await call('logs:detail', { ...scope!, logId: id! })).data,
  })
}

export function useAuditPages(scope: Scope | null, f: AuditFilters) {
  return useInfiniteQuery({
    queryKey: scope ? queryKeys.audit(scope, f) : ['no-scope'],
    enabled: !!scope,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) => call('audit:list', { ...scope!, ...f, cursor: pageParam }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })
}

export function useAuditEntry(scope: Scope | null, id: string | null) {
  return useQuery({
    queryKey: scope ? queryKeys.auditEntry(scope, id ?? '') : ['no-scope'],
    enabled: !!scope && !!id,
    queryFn: async () => (await call('audit:detail', { ...scope!, auditLogId: id! })).data,
  })
}
