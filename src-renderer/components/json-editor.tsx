// CodeMirror 6 for JSON. Its styles mount through adoptedStyleSheets, which the CSP allows.
import { useMemo } from 'react'
import CodeMirror, { EditorView } from '@uiw/react-codemirror'
import { json } from '@codemirror/lang-json'
import { useResolvedTheme } from './theme.ts'

export function JsonEditor(props: {
  value: string
  onChange(value: string): void
  label: string
  invalid?: boolean
  describedBy?: string
  minHeight?: string
}) {
  const theme = useResolvedTheme()
  const extensions = useMemo(
    () => [
      json(),
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({
        'aria-label': props.label,
        ...(props.describedBy ? { 'aria-describedby': props.describedBy } : {}),
      }),
    ],
    [props.label, props.describedBy],
  )
  return (
    <div className="cm-wrap" aria-invalid={props.invalid ? 'true' : undefined}>
      <CodeMirror
        value={props.value}
        onChange={props.onChange}
        theme={theme}
        extensions={extensions}
        minHeight={props.minHeight ?? '120px'}
        maxHeight="360px"
        basicSetup={{ foldGutter: false, highlightActiveLine: false }}
      />
    </div>
  )
}
