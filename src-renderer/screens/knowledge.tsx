export function KnowledgeScreen() {
  return <div className="page">knowledge</div>
}
