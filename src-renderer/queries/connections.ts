import { useEffect } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { Settings } from '../../src-shared/bridge.ts'
import { call } from '../bridge.ts'
import { useUi } from '../state/ui.ts'
import { queryKeys, type Scope } from './keys.ts'

export function useConnections() {
  return useQuery({
    queryKey: queryKeys.connections(),
    queryFn: () => call('connections:list', {}),
  })
}

export function useSettings() {
  return useQuery({ queryKey: queryKeys.settings(), queryFn: () => call('settings:get', {}) })
}

export function useUpdateSettings() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (patch: Partial<Settings>) => call('settings:update', patch),
    onSuccess: (settings) => qc.setQueryData(queryKeys.settings(), settings),
  })
}

/**
 * The connection and workspace every screen works on. Falls back to the connection saved in
 * settings, then "This computer", then the first one.
 */
export function useScope() {
  const connections = useConnections()
  const settings = useSettings()
  const selected = useUi((s) => s.connectionId)
  const overrides = useUi((s) => s.workspaceOverride)
  const setConnection = useUi((s) => s.setConnection)
  const list = connections.data ?? []
  const connection =
    list.find((c) => c.id === selected) ??
    list.find((c) => c.id === settings.data?.selectedConnectionId) ??
    list.find((c) => c.kind === 'local') ??
    list[0] ??
    null
  useEffect(() => {
    if (connection && connection.id !== selected) setConnection(connection.id)
  }, [connection, selected, setConnection])
  const scope: Scope | null = connection
    ? {
        connectionId: connection.id,
        workspaceId: overrides[connection.id] ?? connection.workspaceId,
      }
    : null
  return {
    scope,
    connection,
    connections: list,
    isLoading: connections.isLoading,
    error: connections.error,
  }
}

export function useSelectConnection() {
  const setConnection = useUi((s) => s.setConnection)
  const update = useUpdateSettings()
  return (id: string) => {
    setConnection(id)
    update.mutate({ selectedConnectionId: id })
  }
}
