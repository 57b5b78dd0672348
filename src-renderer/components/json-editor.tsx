// CodeMirror 6 for JSON, mounted inside a shadow root: CodeMirror's style-mod only uses
// adoptedStyleSheets (which a `style-src 'self'` CSP allows) in shadow roots; on the document
// itself it would insert <style> elements, which the CSP blocks.
import { useEffect, useMemo, useRef, useState } from 'react'
import { EditorView, useCodeMirror } from '@uiw/react-codemirror'
import { json } from '@codemirror/lang-json'
import { useResolvedTheme } from './theme.ts'

const layout = EditorView.theme({
  '&': { fontSize: '12.5px' },
  '&.cm-focused': { outline: 'none' },
  '.cm-scroller': {
    fontFamily: 'ui-monospace, "SF Mono", "Cascadia Code", Menlo, Consolas, monospace',
  },
  '.cm-content': { tabSize: '2' },
})

export function JsonEditor(props: {
  value: string
  onChange(value: string): void
  label: string
  invalid?: boolean
  describedBy?: string
  minHeight?: string
}) {
  const theme = useResolvedTheme()
  const hostRef = useRef<HTMLDivElement>(null)
  const [mount, setMount] = useState<{ root: ShadowRoot; el: HTMLDivElement } | null>(null)
  useEffect(() => {
    const host = hostRef.current!
    const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' })
    let el = root.querySelector('div')
    if (!el) {
      el = document.createElement('div')
      root.appendChild(el)
    }
    setMount({ root, el })
  }, [])
  const extensions = useMemo(
    () => [
      json(),
      layout,
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({
        'aria-label': props.label,
        ...(props.describedBy ? { 'aria-describedby': props.describedBy } : {}),
      }),
    ],
    [props.label, props.describedBy],
  )
  useCodeMirror({
    container: mount?.el,
    root: mount?.root,
    value: props.value,
    onChange: props.onChange,
    theme,
    extensions,
    minHeight: props.minHeight ?? '120px',
    maxHeight: '360px',
    basicSetup: { foldGutter: false, highlightActiveLine: false },
  })
  return <div ref={hostRef} className="cm-wrap" aria-invalid={props.invalid ? 'true' : undefined} />
}
