// Processes uploaded knowledge documents off the request path: claim the oldest waiting one,
// extract its text, cut it into chunks (yielding to the event loop every few milliseconds so
// requests keep being served), store chunks and counts, repeat. Claims carry a lease: at start
// every claim left by a previous process goes back to the queue, and a claim older than
// LEASE_MS is taken over, so a document is never stuck in `processing`.
import { setImmediate as nextTurn } from 'node:timers/promises'
import { chunkText, runToEnd, type TextChunk } from '../knowledge/chunker.ts'
import { ExtractionError, extractText, type DocumentKind } from '../knowledge/extract.ts'
import type { DocumentRecord } from '../store/knowledge-repo.ts'
import type { ServiceContext } from './context.ts'

/** API-NOTES: a document stuck in `processing` for 10 minutes is reclaimed. */
export const LEASE_MS = 10 * 60_000
/** How long processing may hold the event loop before letting other work run. */
const SLICE_MS = 8
/** How often lapsed leases are looked for while nothing else wakes the worker. */
const SWEEP_MS = 60_000

export interface DocumentWorker {
  /** Look for waiting documents soon (call after an upload); never blocks the caller. */
  wake(): void
  /** Resolves once no document is waiting or being processed. */
  idle(): Promise<void>
  /** Stops after the current slice of work; a document in flight is resumed on next start. */
  stop(): Promise<void>
}

export interface WorkerOptions {
  /** Leave documents waiting (tests of what a restart picks up). */
  paused?: boolean
  /** Unexpected errors (bugs), for the server log. Extraction failures are not errors. */
  onError?(error: unknown, documentId: string): void
}

export function startDocumentWorker(
  ctx: ServiceContext,
  options: WorkerOptions = {},
): DocumentWorker {
  const repo = ctx.store.knowledge
  let stopped = false
  let running: Promise<void> | null = null
  let wokenWhileRunning = false

  const drain = async () => {
    await nextTurn()
    while (!stopped) {
      const doc = repo.claimNext(LEASE_MS)
      if (!doc) return
      await processClaimed(ctx, doc, () => stopped, options)
    }
  }

  const wake = () => {
    if (stopped || options.paused) return
    if (running) {
      wokenWhileRunning = true
      return
    }
    running = drain().finally(() => {
      running = null
      if (wokenWhileRunning) {
        wokenWhileRunning = false
        wake()
      }
    })
  }

  // One service process per data folder: claims still held at start belong to a process that
  // is gone (killed, crashed), so they go back to the queue now rather than after their lease.
  if (!options.paused) repo.releaseAllClaims()
  const sweep = setInterval(wake, SWEEP_MS)
  sweep.unref()
  wake()

  return {
    wake,
    async idle() {
      while (running) await running
    },
    async stop() {
      stopped = true
      clearInterval(sweep)
      while (running) await running
    },
  }
}

async function processClaimed(
  ctx: ServiceContext,
  doc: DocumentRecord,
  shouldStop: () => boolean,
  options: WorkerOptions,
): Promise<void> {
  try {
    const job = prepare(ctx, doc)
    if (!job) return
    let sliceStart = performance.now()
    let step = job.work.next()
    while (!step.done) {
      if (performance.now() - sliceStart > SLICE_MS) {
        await nextTurn()
        // Stopping leaves the claim in place; the next start puts it back in the queue.
        if (shouldStop()) return
        sliceStart = performance.now()
      }
      step = job.work.next()
    }
    ctx.store.knowledge.complete(doc, { chunks: step.value, characterCount: job.characters })
  } catch (error) {
    if (shouldStop()) return
    if (!(error instanceof ExtractionError)) options.onError?.(error, doc.id)
    ctx.store.knowledge.fail(doc, failureMessage(error))
  }
}

/** Text and chunking work for a claimed document; null when its base is gone meanwhile. */
function prepare(ctx: ServiceContext, doc: DocumentRecord) {
  const kb = ctx.store.knowledge.getBase(doc.workspaceId, doc.knowledgeBaseId)
  if (!kb) return null
  const bytes = ctx.store.knowledge.content(doc.id)
  if (!bytes) throw new ExtractionError('The uploaded file is missing from the store')
  const text = extractText(doc.kind as DocumentKind, bytes)
  return { characters: text.length, work: chunkText(text, kb.chunking) }
}

function failureMessage(error: unknown): string {
  if (error instanceof ExtractionError) return error.message
  return `Processing failed: ${error instanceof Error ? error.message : String(error)}`
}

/**
 * Processes every waiting document now, in the caller's turn (seed and tools, which have no
 * server running). Returns how many it finished.
 */
export function processWaitingDocumentsNow(ctx: ServiceContext): number {
  let done = 0
  for (let doc = ctx.store.knowledge.claimNext(LEASE_MS); doc;) {
    let chunks: TextChunk[] | null = null
    let characters = 0
    try {
      const job = prepare(ctx, doc)
      if (job) {
        chunks = runToEnd(job.work)
        characters = job.characters
      }
    } catch (error) {
      ctx.store.knowledge.fail(doc, failureMessage(error))
    }
    if (chunks) ctx.store.knowledge.complete(doc, { chunks, characterCount: characters })
    done++
    doc = ctx.store.knowledge.claimNext(LEASE_MS)
  }
  return done
}
