import { describe, expect, it } from 'vitest'
import { isTrustedSender } from './sender.ts'

const FILE_APP = 'file:///opt/Flowdeck/resources/app.asar/out/renderer/index.html'
const WEB_APP = 'http://127.0.0.1:5173/'

describe('IPC sender gate', () => {
  it('accepts our own page in its main frame', () => {
    expect(isTrustedSender({ url: FILE_APP, isMainFrame: true }, FILE_APP)).toBe(true)
    expect(isTrustedSender({ url: `${FILE_APP}#/jobs`, isMainFrame: true }, FILE_APP)).toBe(true)
    expect(isTrustedSender({ url: 'http://127.0.0.1:5173/jobs', isMainFrame: true }, WEB_APP)).toBe(
      true,
    )
  })

  it('refuses an evil origin', () => {
    expect(isTrustedSender({ url: 'https://evil.example/', isMainFrame: true }, FILE_APP)).toBe(
      false,
    )
    expect(isTrustedSender({ url: 'https://evil.example/', isMainFrame: true }, WEB_APP)).toBe(
      false,
    )
    expect(isTrustedSender({ url: 'file:///tmp/evil.html', isMainFrame: true }, FILE_APP)).toBe(
      false,
    )
  })

  it('refuses lookalike origins', () => {
    for (const url of [
      'http://127.0.0.1:5173.evil.example/',
      'http://127.0.0.1.evil.example:5173/',
      'http://127.0.0.1:5174/',
      'https://127.0.0.1:5173/',
      'http://localhost:5173/',
    ]) {
      expect(isTrustedSender({ url, isMainFrame: true }, WEB_APP), url).toBe(false)
    }
    expect(
      isTrustedSender(
        { url: `${FILE_APP.replace('index.html', 'index.html.evil')}`, isMainFrame: true },
        FILE_APP,
      ),
    ).toBe(false)
    expect(
      isTrustedSender(
        { url: FILE_APP.replace('/renderer/', '/renderer/../evil/'), isMainFrame: true },
        FILE_APP,
      ),
    ).toBe(false)
  })

  it('refuses a sub-frame, even of our own page', () => {
    expect(isTrustedSender({ url: FILE_APP, isMainFrame: false }, FILE_APP)).toBe(false)
  })

  it('refuses a missing frame or a blank URL (fails closed)', () => {
    expect(isTrustedSender(null, FILE_APP)).toBe(false)
    expect(isTrustedSender(undefined, FILE_APP)).toBe(false)
    expect(isTrustedSender({ url: undefined, isMainFrame: true }, FILE_APP)).toBe(false)
    expect(isTrustedSender({ url: '', isMainFrame: true }, FILE_APP)).toBe(false)
    expect(isTrustedSender({ url: 'not a url', isMainFrame: true }, FILE_APP)).toBe(false)
  })
})
