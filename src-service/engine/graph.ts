// The runnable shape of a definition: enabled blocks, the edges between them, what is
// reachable from the Start block. Computed once per definition object and cached, since a
// deployed workflow runs many times with the same definition.
import { blockName, findStartBlock, normalizeName } from './definition.ts'
import type { Definition, RawBlock } from './definition.ts'

export interface GraphEdge {
  /** index in definition.edges: stable across a pause, so edge states persist by it */
  index: number
  source: string
  target: string
  handle: string
}

export interface Graph {
  startId: string | undefined
  /** enabled blocks, in definition order */
  blocks: Map<string, RawBlock>
  names: Map<string, string>
  /** normalized name (and `start`) -> id, for references; includes disabled blocks */
  refIds: Map<string, string>
  incoming: Map<string, GraphEdge[]>
  outgoing: Map<string, GraphEdge[]>
  reachable: Set<string>
  /** reachable blocks in definition order: the scan order of the run loop */
  order: string[]
}

const cache = new WeakMap<Definition, Graph>()

export function graphOf(def: Definition): Graph {
  let graph = cache.get(def)
  if (!graph) {
    graph = buildGraph(def)
    cache.set(def, graph)
  }
  return graph
}

function buildGraph(def: Definition): Graph {
  const blocks = new Map<string, RawBlock>()
  const names = new Map<string, string>()
  const refIds = new Map<string, string>()
  for (const [id, block] of Object.entries(def.blocks)) {
    const name = blockName(id, block)
    names.set(id, name)
    refIds.set(normalizeName(name), id)
    if (block.enabled !== false) blocks.set(id, block)
  }
  const start = findStartBlock(def)
  if (start && !refIds.has('start')) refIds.set('start', start.id)
  const incoming = new Map<string, GraphEdge[]>()
  const outgoing = new Map<string, GraphEdge[]>()
  for (const id of blocks.keys()) {
    incoming.set(id, [])
    outgoing.set(id, [])
  }
  def.edges.forEach((e, index) => {
    // Edges touching a disabled block vanish with it, as in the editor.
    if (!blocks.has(e.source) || !blocks.has(e.target)) return
    const edge: GraphEdge = {
      index,
      source: e.source,
      target: e.target,
      handle: e.sourceHandle ?? 'source',
    }
    outgoing.get(e.source)!.push(edge)
    incoming.get(e.target)!.push(edge)
  })
  const reachable = new Set<string>()
  const queue = start ? [start.id] : []
  while (queue.length > 0) {
    const id = queue.pop()!
    if (reachable.has(id)) continue
    reachable.add(id)
    for (const edge of outgoing.get(id) ?? []) queue.push(edge.target)
  }
  // Only edges from reachable blocks can ever settle; the others do not hold a block back.
  for (const [id, list] of incoming) {
    incoming.set(
      id,
      list.filter((e) => reachable.has(e.source)),
    )
  }
  const order = [...blocks.keys()].filter((id) => reachable.has(id))
  return { startId: start?.id, blocks, names, refIds, incoming, outgoing, reachable, order }
}
