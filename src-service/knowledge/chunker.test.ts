import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { chunkText, runToEnd, type ChunkingConfig, type TextChunk } from './chunker.ts'
import { countTokens } from './tokenizer.ts'

const chunk = (text: string, config: ChunkingConfig) => runToEnd(chunkText(text, config))

/** The invariants every chunking must keep, whatever the text and config. */
function expectWellFormed(text: string, config: ChunkingConfig, chunks: TextChunk[]) {
  let covered = 0
  for (const [i, c] of chunks.entries()) {
    expect(c.content).toBe(text.slice(c.startOffset, c.endOffset))
    expect(c.content).toBe(c.content.trim())
    expect(c.content.length).toBeGreaterThan(0)
    expect(c.tokenCount).toBe(countTokens(c.content))
    expect(c.tokenCount).toBeLessThanOrEqual(config.maxSize)
    // Nothing skipped: a chunk starts at or before the end of what came before.
    expect(text.slice(covered, c.startOffset).trim()).toBe('')
    if (i > 0) expect(c.startOffset).toBeGreaterThan(chunks[i - 1]!.startOffset)
    covered = Math.max(covered, c.endOffset)
  }
  expect(text.slice(covered).trim()).toBe('')
}

const sentences = (n: number, words = 12) =>
  Array.from(
    { length: n },
    (_, i) =>
      `Sentence ${i} ` +
      Array.from({ length: words }, (_, w) => `word${(i * 7 + w) % 50}`).join(' ') +
      '.',
  ).join(' ')

describe('chunkText', () => {
  it('keeps a short document whole in one chunk, whatever minSize says', () => {
    const text = 'Short note about tides.'
    const chunks = chunk(text, { maxSize: 1024, minSize: 100, overlap: 200 })
    expect(chunks).toEqual([
      { content: text, tokenCount: countTokens(text), startOffset: 0, endOffset: text.length },
    ])
  })

  it('fills chunks up to maxSize tokens and carries up to `overlap` tokens of whole sentences', () => {
    const text = sentences(200)
    const config = { maxSize: 200, minSize: 10, overlap: 50 }
    const chunks = chunk(text, config)
    expectWellFormed(text, config, chunks)
    expect(chunks.length).toBeGreaterThan(10)
    for (let i = 1; i < chunks.length; i++) {
      const previous = chunks[i - 1]!
      const current = chunks[i]!
      // The shared part is a tail of the previous chunk, made of whole sentences.
      expect(current.startOffset).toBeLessThan(previous.endOffset)
      const shared = text.slice(current.startOffset, previous.endOffset).trim()
      expect(shared).toMatch(/^Sentence \d+ .*\.$/)
      expect(countTokens(shared)).toBeLessThanOrEqual(config.overlap)
      // Full chunks: the next sentence would not have fitted.
      if (i < chunks.length - 1) expect(current.tokenCount).toBeGreaterThan(config.maxSize * 0.8)
    }
  })

  it('does not overlap with overlap 0', () => {
    const text = sentences(100)
    const config = { maxSize: 150, minSize: 1, overlap: 0 }
    const chunks = chunk(text, config)
    expectWellFormed(text, config, chunks)
    for (let i = 1; i < chunks.length; i++) {
      expect(chunks[i]!.startOffset).toBeGreaterThanOrEqual(chunks[i - 1]!.endOffset)
    }
  })

  it('prefers line and sentence ends as cut points', () => {
    const text = Array.from({ length: 60 }, (_, i) => `Line ${i} says something useful`).join('\n')
    const config = { maxSize: 100, minSize: 1, overlap: 0 }
    const chunks = chunk(text, config)
    expectWellFormed(text, config, chunks)
    for (const c of chunks) {
      expect(c.content).toMatch(/^Line \d+/)
      expect(c.content).toMatch(/useful$/)
    }
  })

  it('gives a last chunk shorter than minSize characters text from the chunk before it', () => {
    // Lines count exactly as their sum, so a lone tail cannot simply be folded back. Find a
    // maxSize whose plain chunking ends in a lone "Tail." chunk.
    const lines = Array.from({ length: 30 }, (_, i) => `Line ${i} says word${i % 9} here`)
    const text = `${lines.join('\n')}\nTail.`
    let maxSize = 100
    while (chunk(text, { maxSize, overlap: 0, minSize: 1 }).at(-1)!.content !== 'Tail.') maxSize++
    expect(maxSize).toBeLessThan(300)
    const plain = chunk(text, { maxSize, overlap: 0, minSize: 1 })
    for (const minSize of [40, 2000]) {
      const config = { maxSize, overlap: 0, minSize }
      const settled = chunk(text, config)
      expectWellFormed(text, config, settled)
      // Same number of chunks; only the cut between the last two moved back.
      expect(settled).toHaveLength(plain.length)
      expect(settled.slice(0, -2)).toEqual(plain.slice(0, -2))
      const [head, tail] = settled.slice(-2) as [TextChunk, TextChunk]
      expect(tail.content.endsWith('Tail.')).toBe(true)
      expect(head.endOffset).toBeLessThan(plain.at(-2)!.endOffset)
      if (minSize === 40) expect(tail.content.length).toBeGreaterThanOrEqual(40)
      // Asked for more than there is: the two end up about even, neither made the short one.
      else expect(Math.abs(head.content.length - tail.content.length)).toBeLessThan(60)
    }
    const overlapped = { maxSize, overlap: 30, minSize: 2000 }
    expectWellFormed(text, overlapped, chunk(text, overlapped))
  })

  it('folds a short last chunk into the one before when both fit maxSize', () => {
    const text = 'One. Two.'
    expect(chunk(text, { maxSize: 100, minSize: 2000, overlap: 0 }).map((c) => c.content)).toEqual([
      text,
    ])
  })

  it('cuts a sentence longer than maxSize between words, and a giant word between characters', () => {
    const longSentence = Array.from({ length: 600 }, (_, i) => `w${i}`).join(' ')
    const giant = 'x'.repeat(5000) + '🌊'.repeat(300)
    const text = `${longSentence}\n\n${giant}`
    const config = { maxSize: 100, minSize: 1, overlap: 20 }
    const chunks = chunk(text, config)
    expectWellFormed(text, config, chunks)
    // No chunk splits a surrogate pair (the wave emoji is two UTF-16 units).
    for (const c of chunks) expect(c.content).not.toMatch(/^[\udc00-\udfff]|[\ud800-\udbff]$/)
    expect(chunks.some((c) => /^w\d+( w\d+)+$/.test(c.content))).toBe(true)
  })

  it('counts special-token spellings as the text they are', () => {
    const text = 'Ends with <|endoftext|> inside a sentence.'
    const [only] = chunk(text, { maxSize: 100, minSize: 1, overlap: 0 })
    expect(only!.content).toBe(text)
  })

  it('pauses while working, so a caller can spread a long text over several turns', () => {
    const work = chunkText(sentences(2000, 3), { maxSize: 500, minSize: 1, overlap: 100 })
    let pauses = 0
    for (let step = work.next(); !step.done; step = work.next()) pauses++
    expect(pauses).toBeGreaterThan(5)
  })

  it('keeps the invariants for any text and any valid config', () => {
    const word = fc.oneof(
      fc.constantFrom(
        'the',
        'tide',
        'moon',
        'a',
        'sea',
        '—',
        'über',
        '潮汐',
        '🌊',
        '\n',
        '\n\n',
        '. ',
        '!',
        ',',
      ),
      fc.string({ maxLength: 12 }),
    )
    fc.assert(
      fc.property(
        fc.array(word, { maxLength: 400 }).map((w) => w.join(' ').trim()),
        fc.integer({ min: 100, max: 400 }),
        fc.integer({ min: 1, max: 300 }),
        fc.integer({ min: 0, max: 99 }),
        (text, maxSize, minSize, overlap) => {
          const config = { maxSize, minSize, overlap }
          expectWellFormed(text, config, chunk(text, config))
        },
      ),
      { numRuns: 150 },
    )
  })
})
