// UI state the service does not know: which connection and workspace the user is looking
// at, drafts of run inputs, and a local history of runs per workflow.
import { create } from 'zustand'
import { persist } from 'zustand/middleware'
import type { RunMode } from './run-types.ts'

export interface RunDraft {
  mode: RunMode
  inputKind: 'form' | 'raw'
  form: Record<string, unknown>
  raw: string
  selectedOutputs: string
  stopAfterBlockId: string
  includeFileBase64: boolean
  base64MaxBytes: string
}

export interface RunRecord {
  id: string
  at: string
  mode: RunMode
  /** What was sent as the workflow input. Files are kept by name only. */
  input: unknown
  draft: RunDraft
  outcome: 'success' | 'failed' | 'job' | 'stream' | 'response' | 'error'
  summary: string
  executionId?: string | null
  durationMs?: number
}

interface UiState {
  connectionId: string | null
  /** A workspace chosen by the user instead of the connection's own. */
  workspaceOverride: Record<string, string>
  drafts: Record<string, RunDraft>
  history: Record<string, RunRecord[]>
  setConnection(id: string | null): void
  setWorkspace(connectionId: string, workspaceId: string | null): void
  setDraft(workflowId: string, draft: RunDraft): void
  addRun(workflowId: string, run: RunRecord): void
  clearHistory(workflowId: string): void
}

const HISTORY_PER_WORKFLOW = 20

export const useUi = create<UiState>()(
  persist(
    (set) => ({
      connectionId: null,
      workspaceOverride: {},
      drafts: {},
      history: {},
      setConnection: (id) => set({ connectionId: id }),
      setWorkspace: (connectionId, workspaceId) =>
        set((s) => {
          const next = { ...s.workspaceOverride }
          if (workspaceId) next[connectionId] = workspaceId
          else delete next[connectionId]
          return { workspaceOverride: next }
        }),
      setDraft: (workflowId, draft) =>
        set((s) => ({ drafts: { ...s.drafts, [workflowId]: draft } })),
      addRun: (workflowId, run) =>
        set((s) => ({
          history: {
            ...s.history,
            [workflowId]: [run, ...(s.history[workflowId] ?? [])].slice(0, HISTORY_PER_WORKFLOW),
          },
        })),
      clearHistory: (workflowId) =>
        set((s) => {
          const next = { ...s.history }
          delete next[workflowId]
          return { history: next }
        }),
    }),
    {
      name: 'flowdeck.ui',
      version: 1,
      partialize: (s) => ({
        connectionId: s.connectionId,
        workspaceOverride: s.workspaceOverride,
        drafts: s.drafts,
        history: s.history,
      }),
    },
  ),
)
