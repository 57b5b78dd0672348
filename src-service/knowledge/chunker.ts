// Cuts a document's text into chunks by the knowledge base's chunking config:
// - maxSize (tokens): no chunk has more tokens than this (counted on the stored text);
// - overlap (tokens): a chunk starts with up to this many tokens of the previous chunk's end,
//   in whole sentences, so a passage cut at a boundary is still found whole in one chunk;
// - minSize (characters): a chunk shorter than this is folded into the previous one when the
//   result still fits maxSize; text is never dropped to satisfy it.
// Cuts fall between sentences or lines (words, then characters, only inside a sentence longer
// than maxSize). The work is a generator that yields now and then, so a caller can spread a
// large document over several turns of the event loop; `runToEnd` drives it in one go.
import { countTokens } from './tokenizer.ts'

export interface ChunkingConfig {
  maxSize: number
  minSize: number
  overlap: number
}

export interface TextChunk {
  /** The chunk's text, trimmed. */
  content: string
  tokenCount: number
  /** Where `content` sits in the document text: text.slice(startOffset, endOffset). */
  startOffset: number
  endOffset: number
}

interface Unit {
  start: number
  end: number
  tokens: number
}

/** Work between two pauses: enough to matter, little enough to keep a server responsive. */
const UNITS_PER_PAUSE = 200

// A unit ends after a run of line breaks, or after sentence punctuation (with closing quotes
// or brackets) followed by spaces. Everything is kept: units put end to end give the text back.
const BOUNDARY = /\n+|[.!?;。！？]+["'”’)\]]*[ \t]+/g

export function* chunkText(
  text: string,
  config: ChunkingConfig,
  count: (text: string) => number = countTokens,
): Generator<void, TextChunk[]> {
  const units: Unit[] = []
  let from = 0
  // Counting is linear but not cheap: text this long is over maxSize for any real tokenizer
  // input worth the name, so it goes straight to splitting instead of being counted whole.
  const tooLong = config.maxSize * 8
  const add = function* (start: number, end: number): Generator<void> {
    if (end <= start) return
    const tokens = end - start > tooLong ? Infinity : count(text.slice(start, end))
    if (tokens <= config.maxSize) {
      units.push({ start, end, tokens })
      if (units.length % UNITS_PER_PAUSE === 0) yield
    } else {
      yield* splitLong(start, end)
    }
  }
  // A sentence longer than maxSize: by words, and a "word" longer than that by characters.
  const splitLong = function* (start: number, end: number): Generator<void> {
    const words = /\S+\s*|\s+/g
    words.lastIndex = start
    let groupStart = start
    let groupTokens = 0
    for (let m = words.exec(text); m && m.index < end; m = words.exec(text)) {
      const wordEnd = Math.min(end, m.index + m[0].length)
      const wordTokens =
        wordEnd - m.index > tooLong ? Infinity : count(text.slice(m.index, wordEnd))
      if (wordTokens > config.maxSize) {
        if (m.index > groupStart) pushGroup(groupStart, m.index)
        yield* splitCharacters(m.index, wordEnd)
        groupStart = wordEnd
        groupTokens = 0
      } else if (groupTokens + wordTokens > config.maxSize && m.index > groupStart) {
        pushGroup(groupStart, m.index)
        groupStart = m.index
        groupTokens = wordTokens
      } else {
        groupTokens += wordTokens
      }
      if (wordEnd >= end) break
    }
    if (end > groupStart) pushGroup(groupStart, end)
    yield
  }
  // A group's real count, not the sum of its words' (joined words can count differently).
  const pushGroup = (start: number, end: number) => {
    units.push({ start, end, tokens: count(text.slice(start, end)) })
  }
  const splitCharacters = function* (start: number, end: number): Generator<void> {
    let at = start
    while (at < end) {
      let length = Math.min(end - at, config.maxSize * 4)
      let tokens = count(text.slice(at, at + length))
      while (tokens > config.maxSize && length > 1) {
        length = Math.max(1, Math.floor((length * config.maxSize) / tokens) - 1)
        if (isLowSurrogate(text.charCodeAt(at + length))) length--
        tokens = count(text.slice(at, at + length))
      }
      units.push({ start: at, end: at + length, tokens })
      at += length
      yield
    }
  }

  BOUNDARY.lastIndex = 0
  for (let m = BOUNDARY.exec(text); m; m = BOUNDARY.exec(text)) {
    const end = m.index + m[0].length
    yield* add(from, end)
    from = end
  }
  yield* add(from, text.length)

  const chunks = yield* pack(text, units, config, count)
  return settleTail(text, chunks, units, config, count)
}

interface Span {
  /** Units [first, end) make up the chunk; units before `fresh` repeat the previous chunk. */
  first: number
  fresh: number
  end: number
  chunk: TextChunk
}

function toChunk(
  text: string,
  units: Unit[],
  first: number,
  end: number,
  count: (t: string) => number,
) {
  const start = units[first]!.start
  const stop = units[end - 1]!.end
  const raw = text.slice(start, stop)
  const lead = raw.length - raw.trimStart().length
  const content = raw.trim()
  return {
    content,
    tokenCount: count(content),
    startOffset: start + lead,
    endOffset: start + lead + content.length,
  }
}

function* pack(
  text: string,
  units: Unit[],
  config: ChunkingConfig,
  count: (t: string) => number,
): Generator<void, Span[]> {
  const spans: Span[] = []
  let first = 0
  let fresh = 0
  let tokens = 0
  let i = 0
  for (;;) {
    const atEnd = i === units.length
    if (atEnd && fresh >= units.length) break
    if (!atEnd && !(i > fresh && tokens + units[i]!.tokens > config.maxSize)) {
      tokens += units[i]!.tokens
      i++
      continue
    }
    // Sums of unit counts are close to, but not exactly, the count of the joined text: check
    // the real count, giving back trailing units, then carried ones, while it is too big.
    let end = i
    let chunk = toChunk(text, units, first, end, count)
    while (chunk.tokenCount > config.maxSize && end - 1 > fresh) {
      end--
      chunk = toChunk(text, units, first, end, count)
    }
    while (chunk.tokenCount > config.maxSize && first < fresh) {
      first++
      chunk = toChunk(text, units, first, end, count)
    }
    spans.push({ first, fresh, end, chunk })
    if (end === units.length) break
    // The next chunk opens with the tail of this one and must leave room for the next unit.
    const carry = carryOver(units, first, end, config, config.maxSize - units[end]!.tokens)
    first = carry.start
    fresh = end
    tokens = carry.tokens
    i = end
    if (spans.length % 50 === 0) yield
  }
  return spans
}

/**
 * Where a chunk that starts its own text at `end` begins: whole units from the end of the chunk
 * [first, end), up to `overlap` tokens and at most `room` tokens, never the whole of it.
 */
function carryOver(
  units: Unit[],
  first: number,
  end: number,
  config: ChunkingConfig,
  room: number,
) {
  let start = end
  let tokens = 0
  while (start - 1 > first) {
    const next = tokens + units[start - 1]!.tokens
    if (next > config.overlap || next > room) break
    start--
    tokens = next
  }
  return { start, tokens }
}

/**
 * minSize: a last chunk shorter than minSize characters is folded into the one before when the
 * two fit maxSize together; otherwise the cut between them moves back, whole units at a time,
 * until the last chunk is long enough or the two are even (both keep at least one unit of their
 * own and stay within maxSize). Text is never dropped to satisfy minSize.
 */
function settleTail(
  text: string,
  spans: Span[],
  units: Unit[],
  config: ChunkingConfig,
  count: (t: string) => number,
): TextChunk[] {
  const last = spans.at(-1)
  const previous = spans.at(-2)
  if (last && previous && last.chunk.content.length < config.minSize) {
    const merged = toChunk(text, units, previous.first, last.end, count)
    if (merged.tokenCount <= config.maxSize) {
      spans.splice(-2, 2, { ...previous, end: last.end, chunk: merged })
    } else {
      let fresh = last.fresh
      let tailTokens = units.slice(fresh, last.end).reduce((sum, u) => sum + u.tokens, 0)
      while (fresh - 1 > previous.fresh) {
        const cut = fresh - 1
        const freshTokens = tailTokens + units[cut]!.tokens
        if (freshTokens > config.maxSize) break
        const carry = carryOver(units, previous.first, cut, config, config.maxSize - freshTokens)
        const tail = toChunk(text, units, carry.start, last.end, count)
        const head = toChunk(text, units, previous.first, cut, count)
        // Stop at maxSize, and once evening out would make the earlier chunk the short one.
        if (tail.tokenCount > config.maxSize || head.content.length < tail.content.length) break
        spans.splice(
          -2,
          2,
          { ...previous, end: cut, chunk: head },
          { first: carry.start, fresh: cut, end: last.end, chunk: tail },
        )
        fresh = cut
        tailTokens = freshTokens
        if (tail.content.length >= config.minSize) break
      }
    }
  }
  return spans.map((s) => s.chunk).filter((c) => c.content !== '')
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff
}

/** Runs a chunking generator to the end without pausing (seed, tools, tests). */
export function runToEnd<T>(work: Generator<void, T>): T {
  for (;;) {
    const step = work.next()
    if (step.done) return step.value
  }
}
