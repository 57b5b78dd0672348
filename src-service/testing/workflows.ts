// Test helpers for runs: import and deploy a sample (resources/workflows) or a definition through
// the real routes, and poll a job until it reaches a state.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect } from 'vitest'
import { JobStatusSchema, type JobStatus } from '../../src-shared/api/execution.ts'
import type { TestService } from './test-app.ts'

export const SAMPLES_DIR = join(import.meta.dirname, '../../resources/workflows')

export function sampleDefinition(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(SAMPLES_DIR, `${name}.json`), 'utf8')) as Record<
    string,
    unknown
  >
}

/** Imports `workflow` into the main workspace, deploys it unless told not to, returns its id. */
export async function deployWorkflow(
  s: TestService,
  workflow: unknown,
  options: { name?: string; deploy?: boolean; workspaceId?: string } = {},
): Promise<string> {
  const workspaceId = options.workspaceId ?? s.workspace.id
  const imported = await s.call(s.keys.personal, {
    method: 'POST',
    url: '/api/v1/workflows/import',
    payload: { workspaceId, workflow, ...(options.name ? { name: options.name } : {}) },
  })
  expect(imported.statusCode, imported.body).toBe(201)
  const id = imported.json().data.id as string
  if (options.deploy !== false) {
    const deployed = await s.call(s.keys.personal, {
      method: 'POST',
      url: `/api/v1/workflows/${id}/deploy`,
      payload: { workspaceId },
    })
    expect(deployed.statusCode, deployed.body).toBe(200)
  }
  return id
}

export const deploySample = (s: TestService, name: string) =>
  deployWorkflow(s, sampleDefinition(name), { name })

export function getJob(s: TestService, jobId: string, key: string | null = s.keys.personal) {
  return s.call(key, { method: 'GET', url: `/api/jobs/${encodeURIComponent(jobId)}` })
}

/** Polls the job until `until` holds (default: a finished state); returns the parsed status. */
export async function waitForJob(
  s: TestService,
  jobId: string,
  until: (job: JobStatus) => boolean = (job) =>
    ['completed', 'failed', 'cancelled'].includes(job.status),
  timeoutMs = 20_000,
): Promise<JobStatus> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const res = await getJob(s, jobId)
    expect(res.statusCode, res.body).toBe(200)
    const job = JobStatusSchema.parse(res.json())
    if (until(job)) return job
    if (Date.now() > deadline) throw new Error(`job ${jobId} stayed ${job.status}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}
