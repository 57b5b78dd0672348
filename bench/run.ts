// `npm run bench [section...]`: each section prints its own figures.
// BENCH_SECONDS sets the length of each load phase (default 3).
const sections: Record<string, () => Promise<{ run(seconds: number): Promise<void> }>> = {
  'service-http': () => import('./service-http.bench.ts'),
  'service-api': () => import('./service-api.bench.ts'),
  'execution-gate': () => import('./execution-gate.bench.ts'),
  'service-tables': () => import('./service-tables.bench.ts'),
  execute: () => import('./execute.bench.ts'),
}

const seconds = Number(process.env.BENCH_SECONDS ?? 3)
const wanted = process.argv.slice(2)
for (const [name, loader] of Object.entries(sections)) {
  if (wanted.length > 0 && !wanted.includes(name)) continue
  console.log(`# ${name}`)
  await (await loader()).run(seconds)
}
