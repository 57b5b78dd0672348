export function LogsScreen() {
  return <div className="page">logs</div>
}
