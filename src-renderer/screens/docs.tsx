export function DocsScreen() {
  return <div className="page">docs</div>
}
