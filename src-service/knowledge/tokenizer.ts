// Token counts with the cl100k_base encoding (js-tiktoken, pure JS, no native module). The
// encoder is built on first use: building it parses ~1.7 MB of ranks (a few hundred ms), which
// a service that never sees a document should not pay at start.
import { Tiktoken } from 'js-tiktoken/lite'
import cl100kBase from 'js-tiktoken/ranks/cl100k_base'

export const TOKENIZER_ENCODING = 'cl100k_base'

let encoder: Tiktoken | null = null

// js-tiktoken's merge step is quadratic in the length of one pre-token (a run of letters,
// symbols or spaces): 16k identical letters take 18 s, 128 CJK characters 10 ms. Runs longer
// than LONG_RUN are therefore counted in SLICE-character pieces. Ordinary text (words up to 32
// letters) is counted exactly; a long run gets a close upper estimate instead of a stall.
const LONG_RUN = /\p{L}{33,}|[^\s\p{L}\p{N}]{33,}|\s{33,}/gu
const SLICE = 16

/** Tokens of `text`. Special-token spellings (`<|endoftext|>`) count as the plain text they are. */
export function countTokens(text: string): number {
  if (text === '') return 0
  encoder ??= new Tiktoken(cl100kBase)
  const enc = encoder
  const exact = (part: string) => (part === '' ? 0 : enc.encode(part, [], []).length)
  let total = 0
  let from = 0
  for (const match of text.matchAll(LONG_RUN)) {
    total += exact(text.slice(from, match.index))
    const chars = Array.from(match[0])
    for (let i = 0; i < chars.length; i += SLICE) total += exact(chars.slice(i, i + SLICE).join(''))
    from = match.index + match[0].length
  }
  return total + exact(text.slice(from))
}
