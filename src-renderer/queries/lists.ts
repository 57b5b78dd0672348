// Cursor-paged lists of logs and audit entries, and their details.
import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import type { ChannelInput } from '../../src-shared/bridge.ts'
import { call } from '../bridge.ts'
import {
  AuditDetailSchema,
  AuditPageSchema,
  LogDetailSchema,
  LogsPageSchema,
  parseAnswer,
} from '../api/shapes.ts'
import { queryKeys, type Scope } from './keys.ts'

type Without<T> = Omit<T, 'connectionId' | 'workspaceId' | 'cursor'>
export type LogFilters = Without<ChannelInput<'logs:list'>>
export type AuditFilters = Without<ChannelInput<'audit:list'>>

export function useLogPages(scope: Scope | null, f: LogFilters) {
  return useInfiniteQuery({
    queryKey: scope ? queryKeys.logs(scope, f) : ['no-scope'],
    enabled: !!scope,
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam }) =>
      parseAnswer(
        LogsPageSchema,
        await call('logs:list', { ...scope!, ...f, cursor: pageParam }),
        'the logs',
      ),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })
}

export function useLog(scope: Scope | null, id: string | null) {
  return useQuery({
    queryKey: scope ? queryKeys.log(scope, id ?? '') : ['no-scope'],
    enabled: !!scope && !!id,
    queryFn: async () =>
      parseAnswer(
        LogDetailSchema,
        await call('logs:detail', { ...scope!, logId: id! }),
        'the log entry',
      ).data,
  })
}

export function useAuditPages(scope: Scope | null, f: AuditFilters) {
  return useInfiniteQuery({
    queryKey: scope ? queryKeys.audit(scope, f) : ['no-scope'],
    enabled: !!scope,
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam }) =>
      parseAnswer(
        AuditPageSchema,
        await call('audit:list', { ...scope!, ...f, cursor: pageParam }),
        'the audit log',
      ),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })
}

export function useAuditEntry(scope: Scope | null, id: string | null) {
  return useQuery({
    queryKey: scope ? queryKeys.auditEntry(scope, id ?? '') : ['no-scope'],
    enabled: !!scope && !!id,
    queryFn: async () =>
      parseAnswer(
        AuditDetailSchema,
        await call('audit:detail', { ...scope!, auditLogId: id! }),
        'the audit entry',
      ).data,
  })
}
