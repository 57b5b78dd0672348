// The readable text of an HTML document: a small scanner instead of regular expressions, so
// `>` inside attribute values, comments, CDATA and raw-text elements (script, style, ...) are
// handled the way a browser handles them. Block elements become line breaks, runs of
// whitespace collapse as they do on screen (except inside <pre>), entities are decoded.

/** Elements whose content is never shown: skipped whole. */
const HIDDEN = new Set(['script', 'style', 'noscript', 'template', 'svg', 'math', 'iframe'])
/** Elements whose content the tokenizer does not parse as markup. */
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noscript'])
const PARAGRAPH = new Set([
  'p',
  'div',
  'section',
  'article',
  'header',
  'footer',
  'main',
  'aside',
  'nav',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'pre',
  'ul',
  'ol',
  'dl',
  'table',
  'figure',
  'form',
  'fieldset',
  'address',
  'hr',
])
const LINE = new Set(['br', 'li', 'tr', 'dt', 'dd', 'caption', 'figcaption', 'option', 'summary'])
const CELL = new Set(['td', 'th'])

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  copy: '©',
  reg: '®',
  trade: '™',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  laquo: '«',
  raquo: '»',
  bull: '•',
  middot: '·',
  deg: '°',
  euro: '€',
  pound: '£',
  yen: '¥',
  cent: '¢',
  sect: '§',
  para: '¶',
  times: '×',
  divide: '÷',
  plusmn: '±',
  frac12: '½',
  frac14: '¼',
  frac34: '¾',
  eacute: 'é',
  egrave: 'è',
  agrave: 'à',
  aacute: 'á',
  ouml: 'ö',
  uuml: 'ü',
  auml: 'ä',
  szlig: 'ß',
  ccedil: 'ç',
  ntilde: 'ñ',
  larr: '←',
  rarr: '→',
  uarr: '↑',
  darr: '↓',
  shy: '',
  zwj: '\u200d',
  zwnj: '\u200c',
}

export function decodeEntities(text: string): string {
  return text.replace(
    /&(#[xX][0-9a-fA-F]{1,6}|#\d{1,7}|[a-zA-Z][a-zA-Z0-9]{1,31});?/g,
    (m, body) => {
      const name = String(body)
      if (name.startsWith('#')) {
        const code =
          name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1))
        const valid = code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)
        return valid ? String.fromCodePoint(code) : '\ufffd'
      }
      return NAMED[name] ?? NAMED[name.toLowerCase()] ?? m
    },
  )
}

interface Tag {
  name: string
  closing: boolean
  selfClosing: boolean
  /** Index just past the tag's `>`. */
  end: number
}

/** Reads the tag starting at `html[start] === '<'`; null when it is not a tag (a lone `<`). */
function readTag(html: string, start: number): Tag | null {
  let i = start + 1
  const closing = html[i] === '/'
  if (closing) i++
  const nameStart = i
  while (i < html.length && /[A-Za-z0-9:-]/.test(html[i]!)) i++
  if (i === nameStart || !/[A-Za-z]/.test(html[nameStart]!)) return null
  const name = html.slice(nameStart, i).toLowerCase()
  // Attributes: skip to the `>` that is not inside a quoted value.
  let quote: string | null = null
  for (; i < html.length; i++) {
    const c = html[i]!
    if (quote) {
      if (c === quote) quote = null
    } else if (c === '"' || c === "'") {
      quote = c
    } else if (c === '>') {
      return { name, closing, selfClosing: html[i - 1] === '/', end: i + 1 }
    }
  }
  return { name, closing, selfClosing: false, end: html.length }
}

/** Builds the text: pieces of text and the breaks block elements ask for between them. */
class TextBuilder {
  private out = ''
  /** 0 nothing, 1 a line break, 2 a blank line before the next text. */
  private pendingBreak = 0
  private pendingCell = false

  text(piece: string, preformatted: boolean) {
    let t = preformatted ? piece : piece.replace(/[ \t\n\r\f\v]+/g, ' ')
    const atLineStart = this.out === '' || this.out.endsWith('\n') || this.pendingBreak > 0
    // Whitespace between block elements is not text: it must not use up a pending break.
    if (!preformatted && (atLineStart || this.out.endsWith(' '))) t = t.replace(/^ /, '')
    if (t === '') return
    if (this.pendingBreak > 0 && this.out !== '') {
      this.out = this.out.replace(/[ \t]+$/, '') + (this.pendingBreak === 2 ? '\n\n' : '\n')
    }
    this.pendingBreak = 0
    if (this.pendingCell && !atLineStart) this.out = this.out.replace(/ $/, '') + ' | '
    this.pendingCell = false
    this.out += t
  }

  lineBreak(strength: 1 | 2) {
    this.pendingBreak = Math.max(this.pendingBreak, strength)
    this.pendingCell = false
  }

  cell() {
    this.pendingCell = true
  }

  result(): string {
    return this.out
      .split('\n')
      .map((line) => line.replace(/\s+$/, ''))
      .join('\n')
      .replace(/\u00a0/g, ' ')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  }
}

export function htmlToText(html: string): string {
  const b = new TextBuilder()
  let hiddenDepth = 0
  let preDepth = 0
  const emit = (raw: string) => {
    if (hiddenDepth === 0 && raw !== '') b.text(decodeEntities(raw), preDepth > 0)
  }

  let i = 0
  while (i < html.length) {
    const lt = html.indexOf('<', i)
    if (lt === -1) {
      emit(html.slice(i))
      break
    }
    emit(html.slice(i, lt))
    if (html.startsWith('<!--', lt)) {
      const end = html.indexOf('-->', lt + 4)
      i = end === -1 ? html.length : end + 3
      continue
    }
    if (html.startsWith('<![CDATA[', lt)) {
      const end = html.indexOf(']]>', lt + 9)
      if (hiddenDepth === 0)
        b.text(html.slice(lt + 9, end === -1 ? html.length : end), preDepth > 0)
      i = end === -1 ? html.length : end + 3
      continue
    }
    if (html[lt + 1] === '!' || html[lt + 1] === '?') {
      // Doctype, processing instruction, bogus comment.
      const end = html.indexOf('>', lt)
      i = end === -1 ? html.length : end + 1
      continue
    }
    const tag = readTag(html, lt)
    if (!tag) {
      emit('<')
      i = lt + 1
      continue
    }
    i = tag.end
    const { name } = tag
    if (!tag.closing && !tag.selfClosing && RAW_TEXT.has(name)) {
      // Everything up to the matching end tag is text (or hidden), never markup.
      const close = indexOfEndTag(html, name, i)
      if (hiddenDepth === 0 && !HIDDEN.has(name)) {
        b.lineBreak(1)
        emit(html.slice(i, close))
        b.lineBreak(1)
      }
      i = close >= html.length ? html.length : (readTag(html, close)?.end ?? html.length)
      continue
    }
    if (HIDDEN.has(name)) {
      if (!tag.selfClosing) hiddenDepth = Math.max(0, hiddenDepth + (tag.closing ? -1 : 1))
      continue
    }
    if (name === 'pre') {
      b.lineBreak(2)
      preDepth = Math.max(0, preDepth + (tag.closing ? -1 : 1))
      continue
    }
    if (PARAGRAPH.has(name)) b.lineBreak(2)
    else if (LINE.has(name)) b.lineBreak(1)
    else if (CELL.has(name) && !tag.closing) b.cell()
    else if (name === 'img' && !tag.closing && hiddenDepth === 0) {
      const alt = /\balt\s*=\s*(?:"([^"]*)"|'([^']*)')/i.exec(html.slice(lt, tag.end))
      const words = alt?.[1] ?? alt?.[2]
      if (words) b.text(` ${decodeEntities(words)} `, false)
    }
  }
  return b.result()
}

/** Where `</name` starts (case-insensitive) at or after `from`; html.length when missing. */
function indexOfEndTag(html: string, name: string, from: number): number {
  const pattern = new RegExp(`</${name}(?=[\\s/>])`, 'ig')
  pattern.lastIndex = from
  const match = pattern.exec(html)
  return match ? match.index : html.length
}
