export function SettingsScreen() {
  return <div className="page">settings</div>
}
