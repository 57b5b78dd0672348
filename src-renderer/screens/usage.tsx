export function UsageScreen() {
  return <div className="page">usage</div>
}
