export function AuditScreen() {
  return <div className="page">audit</div>
}
