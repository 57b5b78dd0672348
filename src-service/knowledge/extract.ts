// Which uploads a knowledge base accepts, and the plain text each kind of file holds.
// The file name's extension decides the kind (browsers often send no type or a generic one
// for .md and .csv); the declared MIME type is the fallback for names without a known one.
import Papa from 'papaparse'
import { htmlToText } from './html-text.ts'

export const DOCUMENT_KINDS = {
  txt: { mime: 'text/plain', extensions: ['txt', 'text', 'log'] },
  md: { mime: 'text/markdown', extensions: ['md', 'markdown', 'mdx'] },
  csv: { mime: 'text/csv', extensions: ['csv'] },
  json: { mime: 'application/json', extensions: ['json'] },
  html: { mime: 'text/html', extensions: ['html', 'htm', 'xhtml'] },
} as const
export type DocumentKind = keyof typeof DOCUMENT_KINDS

const BY_MIME: Record<string, DocumentKind> = {
  'text/plain': 'txt',
  'text/markdown': 'md',
  'text/x-markdown': 'md',
  'text/csv': 'csv',
  'application/csv': 'csv',
  'application/json': 'json',
  'text/json': 'json',
  'text/html': 'html',
  'application/xhtml+xml': 'html',
}

export const SUPPORTED_EXTENSIONS = Object.values(DOCUMENT_KINDS).flatMap((k) => k.extensions)

/** For messages: what a knowledge base accepts, in words. */
export const DETECTABLE_KINDS_TEXT =
  'plain text (.txt), Markdown (.md), CSV (.csv), JSON (.json) and HTML (.html) files'

/** The kind of an upload, or null when it is none of the supported ones. */
export function detectKind(filename: string, declaredMime: string): DocumentKind | null {
  const dot = filename.lastIndexOf('.')
  const ext = dot > 0 ? filename.slice(dot + 1).toLowerCase() : ''
  for (const [kind, spec] of Object.entries(DOCUMENT_KINDS) as [
    DocumentKind,
    { extensions: readonly string[] },
  ][]) {
    if (spec.extensions.includes(ext)) return kind
  }
  const mime = declaredMime.split(';')[0]!.trim().toLowerCase()
  return BY_MIME[mime] ?? null
}

/** A document that cannot be read; the message is shown to the user as the failure reason. */
export class ExtractionError extends Error {}

/** The text of a file of `kind`; throws ExtractionError when the bytes are not that. */
export function extractText(kind: DocumentKind, bytes: Uint8Array): string {
  const raw = decodeText(bytes)
  let text: string
  switch (kind) {
    case 'txt':
    case 'md':
      text = raw
      break
    case 'csv':
      text = csvToText(raw)
      break
    case 'json':
      text = jsonToText(raw)
      break
    case 'html':
      text = htmlToText(raw)
      break
  }
  text = normalize(text)
  if (text.trim() === '') throw new ExtractionError('The file contains no text')
  return text
}

/** UTF-8 (with or without BOM) or UTF-16 with a BOM; anything else is refused, not guessed. */
export function decodeText(bytes: Uint8Array): string {
  let encoding = 'utf-8'
  let start = 0
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) start = 3
  else if (bytes[0] === 0xff && bytes[1] === 0xfe) [encoding, start] = ['utf-16le', 2]
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) [encoding, start] = ['utf-16be', 2]
  let text: string
  try {
    text = new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(bytes.subarray(start))
  } catch {
    throw new ExtractionError('The file is not text: it is not valid UTF-8 (or UTF-16 with a BOM)')
  }
  // Valid UTF-8 can still be binary (NUL bytes never occur in text files).
  if (text.includes('\u0000')) {
    throw new ExtractionError('The file looks binary (it contains NUL bytes), not text')
  }
  return text
}

/** Unix line ends, no trailing spaces on lines, at most one blank line in a row. */
function normalize(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}

/**
 * Each record as `column: value` pairs on one line, so every chunk says what its numbers mean
 * even when it no longer contains the header row.
 */
function csvToText(raw: string): string {
  const parsed = Papa.parse<string[]>(raw.trim(), { skipEmptyLines: 'greedy' })
  const fatal = parsed.errors.find((e) => e.type === 'Quotes')
  if (fatal) {
    throw new ExtractionError(
      `The CSV cannot be read: ${fatal.message} (row ${(fatal.row ?? 0) + 1})`,
    )
  }
  const [header, ...records] = parsed.data
  if (!header || header.every((h) => h.trim() === '')) {
    throw new ExtractionError('The CSV has no header row')
  }
  const names = header.map((h, i) => h.trim() || `column ${i + 1}`)
  if (records.length === 0) return names.join(', ')
  return records
    .map((record) =>
      record
        .map((value, i) => [names[i] ?? `column ${i + 1}`, value.trim()] as const)
        .filter(([, value]) => value !== '')
        .map(([name, value]) => `${name}: ${value}`)
        .join('; '),
    )
    .filter((line) => line !== '')
    .join('\n')
}

function jsonToText(raw: string): string {
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch (error) {
    throw new ExtractionError(`The file is not valid JSON: ${(error as Error).message}`)
  }
  return JSON.stringify(value, null, 2)
}
