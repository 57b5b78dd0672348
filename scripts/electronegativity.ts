// `npm test` step: electronegativity over the built app (out/), offline. Fails on any HIGH or
// MEDIUM finding that scripts/electronegativity-explained.ts does not explain.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { buildIfNeeded } from './build-if-needed.ts'
import { EXPLAINED } from './electronegativity-explained.ts'

const root = resolve(import.meta.dirname, '..')
buildIfNeeded()
const electron = JSON.parse(
  readFileSync(join(root, 'node_modules/electron/package.json'), 'utf8'),
) as { version: string }
const scratch = mkdtempSync(join(tmpdir(), 'flowdeck-eneg-'))
const report = join(scratch, 'report.csv')
const run = spawnSync(
  process.execPath,
  [
    '--import',
    pathToFileURL(join(root, 'scripts/offline-got.ts')).href,
    join(root, 'node_modules/@doyensec/electronegativity/dist/index.js'),
    ...['-i', join(root, 'out'), '-r', '-v', 'false', '-e', electron.version, '-o', report],
    // Modern class syntax in the bundles; without these the scanner skips those files.
    ...['-p', 'classPrivateProperties,classPrivateMethods,classStaticBlock'],
  ],
  { cwd: root, encoding: 'utf8' },
)
// A file the scanner cannot parse is a file it did not check: that fails the step too.
const unparsed = `${run.stdout}${run.stderr}`.split('\n').filter((l) => l.includes('Error parsing'))
if (unparsed.length > 0) {
  console.error(unparsed.join('\n'))
  console.error('electronegativity could not parse every built file.')
  process.exit(1)
}
let csv: string
try {
  csv = readFileSync(report, 'utf8')
} catch {
  console.error(run.stdout, run.stderr)
  console.error('electronegativity produced no report.')
  process.exit(1)
} finally {
  rmSync(scratch, { recursive: true, force: true })
}

/** Minimal CSV: quoted fields with "" escapes, commas, newlines inside quotes. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  const endField = () => {
    row.push(field.trim())
    field = ''
  }
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"'
        i++
      } else if (c === '"') quoted = false
      else field += c
    } else if (c === '"') quoted = true
    else if (c === ',') endField()
    else if (c === '\n') {
      endField()
      rows.push(row)
      row = []
    } else if (c !== '\r') field += c
  }
  if (field || row.length) {
    endField()
    rows.push(row)
  }
  return rows
}

const [, ...rows] = parseCsv(csv)
const findings = rows
  .filter((r) => r.length >= 6)
  .map(([check, severity, confidence, file, location, sample]) => ({
    check: check!,
    severity: severity!,
    confidence: confidence!,
    file: file!,
    location: location!,
    sample: sample!,
  }))
const serious = findings.filter((f) => f.severity === 'HIGH' || f.severity === 'MEDIUM')
const unexplained = serious.filter(
  (f) =>
    !EXPLAINED.some(
      (e) => e.check === f.check && f.file.endsWith(e.file) && f.sample.includes(e.sample),
    ),
)
console.log(
  `electronegativity (Electron ${electron.version}): ${findings.length} findings, ` +
    `${serious.length} high/medium, ${serious.length - unexplained.length} explained.`,
)
for (const f of serious) {
  const why = EXPLAINED.find((e) => e.check === f.check && f.sample.includes(e.sample))?.why
  console.log(`  ${f.severity} ${f.check} ${f.file}:${f.location} — ${why ?? 'UNEXPLAINED'}`)
}
if (unexplained.length > 0) {
  console.error(`${unexplained.length} high/medium finding(s) are not explained.`)
  process.exit(1)
}
