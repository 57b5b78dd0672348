import { describe, expect, it } from 'vitest'
import { detectKind, ExtractionError, extractText } from './extract.ts'
import { decodeEntities, htmlToText } from './html-text.ts'

const utf8 = (text: string) => new TextEncoder().encode(text)

describe('detectKind', () => {
  it('goes by the extension first, then by the declared type', () => {
    expect(detectKind('notes.md', 'text/plain')).toBe('md')
    expect(detectKind('DATA.CSV', '')).toBe('csv')
    expect(detectKind('page.htm', 'application/octet-stream')).toBe('html')
    expect(detectKind('config.json', '')).toBe('json')
    expect(detectKind('README', 'text/plain; charset=utf-8')).toBe('txt')
    expect(detectKind('report', 'text/html')).toBe('html')
  })

  it('knows nothing else', () => {
    expect(detectKind('scan.pdf', 'application/pdf')).toBeNull()
    expect(detectKind('photo.png', 'image/png')).toBeNull()
    expect(detectKind('noext', '')).toBeNull()
    expect(detectKind('.md', '')).toBeNull()
  })
})

describe('extractText', () => {
  it('reads plain text and markdown as they are, with tidy line ends', () => {
    expect(extractText('txt', utf8('\ufeffLine one\r\nLine two   \r\n\r\n\r\n\r\nEnd\n'))).toBe(
      'Line one\nLine two\n\nEnd',
    )
    expect(extractText('md', utf8('# Title\n\n- a\n- b'))).toBe('# Title\n\n- a\n- b')
  })

  it('reads UTF-16 with a byte order mark', () => {
    const le = new Uint8Array([0xff, 0xfe, ...Buffer.from('Tide tables', 'utf16le')])
    expect(extractText('txt', le)).toBe('Tide tables')
  })

  it('turns CSV records into column: value lines', () => {
    const csv = 'port,high tide,height\nBrest,06:12,6.1\n"Saint-Malo, FR",06:40,"11.2"\n\n'
    expect(extractText('csv', utf8(csv))).toBe(
      'port: Brest; high tide: 06:12; height: 6.1\nport: Saint-Malo, FR; high tide: 06:40; height: 11.2',
    )
    expect(extractText('csv', utf8('a,b\n'))).toBe('a, b')
  })

  it('pretty-prints JSON', () => {
    expect(extractText('json', utf8('{"tide":{"high":"06:12"},"ports":["Brest"]}'))).toBe(
      '{\n  "tide": {\n    "high": "06:12"\n  },\n  "ports": [\n    "Brest"\n  ]\n}',
    )
  })

  it('refuses what is not readable, saying why', () => {
    const cases: [Parameters<typeof extractText>[0], Uint8Array, RegExp][] = [
      ['txt', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0xff, 0x00, 0x13]), /not valid UTF-8/],
      ['txt', utf8('text\u0000with NUL'), /binary/],
      ['txt', utf8('   \n\n  '), /no text/],
      ['json', utf8('{"open": '), /not valid JSON/],
      ['csv', utf8('a,b\n"unterminated,1\n'), /CSV cannot be read/],
      ['html', utf8('<script>only()</script><style>p{}</style>'), /no text/],
    ]
    for (const [kind, bytes, message] of cases) {
      expect(() => extractText(kind, bytes)).toThrow(ExtractionError)
      expect(() => extractText(kind, bytes)).toThrow(message)
    }
  })
})

describe('htmlToText', () => {
  it('keeps the visible text and drops scripts, styles, comments and markup', () => {
    const html = `<!DOCTYPE html><html><head><title>Tides</title>
      <style>p { color: red }</style>
      <script>var s = "<p>not text</p>"; if (a < b && c > d) {}</script></head>
      <body><h1>Tides &amp; moons</h1><!-- <p>hidden</p> -->
      <p class="x" data-note="a > b">The <b>moon</b> pulls   the
      sea.<br>Twice a day.</p>
      <ul><li>One</li><li>Two &#x263A; &copy; &#169;</li></ul>
      <table><tr><th>Port</th><th>Time</th></tr><tr><td>Brest</td><td>06:12</td></tr></table>
      <pre>  keep
    this</pre><img src="w.png" alt="A wave"><noscript>enable js</noscript>
      <SCRIPT type="text/javascript">alert("x")</SCRIPT >after</body></html>`
    expect(htmlToText(html)).toBe(
      [
        'Tides',
        '',
        'Tides & moons',
        '',
        'The moon pulls the sea.',
        'Twice a day.',
        '',
        'One',
        'Two ☺ © ©',
        '',
        'Port | Time',
        'Brest | 06:12',
        '',
        '  keep',
        '    this',
        '',
        'A wave after',
      ].join('\n'),
    )
  })

  it('breaks lines, not paragraphs, between list and definition items written on their own lines', () => {
    const html = `<dl>
      <dt>Question?</dt>
      <dd>Answer.</dd>
      <dt>Another?</dt>
      <dd>Yes.</dd>
    </dl>
    <ul>
      <li>One</li>
      <li>Two</li>
    </ul>`
    expect(htmlToText(html)).toBe('Question?\nAnswer.\nAnother?\nYes.\n\nOne\nTwo')
  })

  it('survives broken markup', () => {
    expect(htmlToText('a < b and <p>unclosed <b>bold')).toBe('a < b and\n\nunclosed bold')
    expect(htmlToText('<script>never closed <p>x</p>')).toBe('')
    expect(htmlToText('<!-- never closed <p>x</p>')).toBe('')
    expect(htmlToText('<div title="unterminated>text')).toBe('')
  })

  it('decodes named and numeric entities and leaves unknown ones', () => {
    expect(
      decodeEntities('&lt;b&gt; &quot;x&quot; &#65;&#x42; &nbsp;&unknown; &#0; &#xD800;'),
    ).toBe('<b> "x" AB \u00a0&unknown; \ufffd \ufffd')
  })
})
