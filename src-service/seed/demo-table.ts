// The seed's demo table: customer contacts with one column of every common type, a unique
// email and a required name, and 50 rows that are the same on every run.
import type { CreateTableBody } from '../../src-shared/api/index.ts'

export const DEMO_TABLE: Omit<CreateTableBody, 'workspaceId'> = {
  name: 'contacts',
  description: 'Demo customer contacts (created by seed)',
  schema: {
    columns: [
      { name: 'name', type: 'string', required: true, unique: false },
      { name: 'email', type: 'string', required: false, unique: true },
      { name: 'company', type: 'string', required: false, unique: false },
      {
        name: 'plan',
        type: 'select',
        required: false,
        unique: false,
        options: ['free', 'pro', 'enterprise'],
      },
      { name: 'seats', type: 'number', required: false, unique: false },
      { name: 'mrr', type: 'currency', required: false, unique: false, currencyCode: 'USD' },
      { name: 'active', type: 'boolean', required: false, unique: false },
      { name: 'signedUp', type: 'date', required: false, unique: false },
    ],
  },
}

const FIRST = [
  'Ada',
  'Grace',
  'Alan',
  'Katherine',
  'Linus',
  'Margaret',
  'Dennis',
  'Barbara',
  'Ken',
  'Frances',
]
const LAST = [
  'Lovelace',
  'Hopper',
  'Turing',
  'Johnson',
  'Torvalds',
  'Hamilton',
  'Ritchie',
  'Liskov',
  'Thompson',
  'Allen',
]
const COMPANIES = ['Analytical Engines', 'Cobol Works', 'Enigma Labs', 'Orbit Co', 'Kernel Corp']
const PLANS = ['free', 'pro', 'enterprise'] as const
const SEATS = { free: 1, pro: 5, enterprise: 50 }
const PRICE = { free: 0, pro: 12, enterprise: 30 }

export function demoContacts(): Record<string, unknown>[] {
  return Array.from({ length: 50 }, (_, i) => {
    const first = FIRST[i % FIRST.length] as string
    const last = LAST[(i * 3 + Math.floor(i / 10)) % LAST.length] as string
    const plan = PLANS[(i * 7) % 3] as (typeof PLANS)[number]
    const seats = SEATS[plan] + (i % 4)
    const day = String(1 + ((i * 5) % 28)).padStart(2, '0')
    const month = String(1 + (i % 12)).padStart(2, '0')
    return {
      name: `${first} ${last}`,
      email: `${first}.${last}${i}@example.com`.toLowerCase(),
      // Every seventh contact has no company: empty cells are part of the demo.
      ...(i % 7 === 3 ? {} : { company: COMPANIES[i % COMPANIES.length] }),
      plan,
      seats,
      mrr: seats * PRICE[plan],
      active: i % 5 !== 4,
      signedUp: `2025-${month}-${day}`,
    }
  })
}
