export function TablesScreen() {
  return <div className="page">tables</div>
}
