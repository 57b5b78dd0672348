export function JobsScreen() {
  return <div className="page">jobs</div>
}
