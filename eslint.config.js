// Lint enforces the chokepoints of STYLE.md: each privileged import lives in one place.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import globals from 'globals'

const electronOrNode = [
  {
    name: 'electron',
    message: 'The renderer runs sandboxed: talk to main through window.flowdeck.',
  },
]
const nodeBuiltins = { group: ['node:*'], message: 'The renderer has no Node: use the bridge.' }
const otherRooms = (...rooms) =>
  rooms.map((room) => ({
    group: [`**/${room}/**`, `**/${room}`],
    message: `Dependencies point one way; ${room} is out of reach from here.`,
  }))
const keytarOnlyInVault = { name: 'keytar', message: 'Only src-main/vault/ may import keytar.' }

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'dist/**',
      'release/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'e2e/screenshots/**',
      '.flowdeck/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-imports': ['error', { paths: [keytarOnlyInVault] }],
    },
  },
  {
    files: ['src-renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-globals': [
        'error',
        ...['fetch', 'XMLHttpRequest', 'WebSocket', 'EventSource'].map((name) => ({
          name,
          message: 'The renderer never touches the network: use window.flowdeck.',
        })),
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [...electronOrNode, keytarOnlyInVault],
          patterns: [nodeBuiltins, ...otherRooms('src-main', 'src-service', 'src-preload')],
        },
      ],
    },
  },
  {
    files: ['src-shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!zod$|zod/|\\.{1,2}/)',
              message: 'src-shared is the contract: it imports only zod and itself.',
            },
            ...otherRooms('src-main', 'src-service', 'src-renderer', 'src-preload'),
          ],
        },
      ],
    },
  },
  {
    // Tests beside the contract may use the test runner; the contract itself stays zod-only.
    files: ['src-shared/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!zod$|zod/|vitest$|fast-check$|\\.{1,2}/)',
              message: 'src-shared tests import only zod, vitest, fast-check and the contract.',
            },
            ...otherRooms('src-main', 'src-service', 'src-renderer', 'src-preload'),
          ],
        },
      ],
    },
  },
  {
    files: ['src-service/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [...electronOrNode, keytarOnlyInVault],
          patterns: otherRooms('src-main', 'src-renderer', 'src-preload'),
        },
      ],
    },
  },
  {
    files: ['src-main/**/*.ts'],
    ignores: ['src-main/vault/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [keytarOnlyInVault],
          patterns: otherRooms('src-service', 'src-renderer', 'src-preload'),
        },
      ],
    },
  },
  {
    files: ['src-main/vault/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: otherRooms('src-service', 'src-renderer', 'src-preload') },
      ],
    },
  },
  {
    // Only the preload touches ipcRenderer; only the registry touches ipcMain.
    files: ['src-main/**/*.ts'],
    ignores: ['src-main/index.ts', 'src-main/electron/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportSpecifier[imported.name='ipcMain']",
          message: 'Only the Electron wiring (src-main/electron/) touches ipcMain.',
        },
      ],
    },
  },
  {
    // Only the API client calls fetch in main.
    files: ['src-main/**/*.ts'],
    ignores: ['src-main/client/**', 'src-main/**/*.test.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Only src-main/client/ calls the network.' },
      ],
    },
  },
)
