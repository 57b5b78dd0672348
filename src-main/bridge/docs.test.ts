import { describe, expect, it } from 'vitest'
import { filenameOf } from '../client/endpoint-call.ts'
import { safeFileName } from './docs.ts'

describe('download names', () => {
  it('reads Content-Disposition, preferring the exact UTF-8 name', () => {
    expect(
      filenameOf(`attachment; filename="r_sum_.txt"; filename*=UTF-8''r%C3%A9sum%C3%A9.txt`),
    ).toBe('résumé.txt')
    expect(filenameOf('attachment; filename="a \\"b\\".txt"')).toBe('a "b".txt')
    expect(filenameOf('attachment; filename=plain.csv')).toBe('plain.csv')
    expect(filenameOf(`attachment; filename*=UTF-8''%E0%A4%A; filename="fallback.txt"`)).toBe(
      'fallback.txt',
    )
    expect(filenameOf('attachment')).toBeNull()
    expect(filenameOf(null)).toBeNull()
  })

  it('suggests only a bare, printable file name', () => {
    expect(safeFileName('../../etc/passwd', 'x')).toBe('passwd')
    expect(safeFileName('C:\\Users\\me\\report.pdf', 'x')).toBe('report.pdf')
    expect(safeFileName('a\u0000b<c>:d?.txt', 'x')).toBe('a_b_c__d_.txt')
    expect(safeFileName('..', 'fallback')).toBe('fallback')
    expect(safeFileName(null, 'fallback')).toBe('fallback')
    expect(safeFileName(`${'n'.repeat(300)}.txt`, 'x')).toHaveLength(200)
  })
})
