import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // A few run ffmpeg or decode media: on a machine shared with the other lane, 5 s was too short.
          testTimeout: 30_000,
          // Two files at a time: Vitest's default on 2 cores is one (cores - 1), and most of a file's
          // time is its jsdom and its imports, not its tests (49 s one at a time, 31 s two, 2026-11-29).
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          // Two files at a time (each test has its own database: a SQLite file or a PostgreSQL schema,
          // tests/server/support/db.ts), in workers that keep the imported server modules between
          // files (isolate: false): on 2 cores the layer took 289 s one file at a time with a fresh
          // module graph per file, 144 s this way (2026-11-27).
          isolate: false,
          fileParallelism: true,
          maxWorkers: 2,
          // After the browser files: beside them, both ran about three times slower.
          sequence: { groupOrder: 2 },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          // Workers keep the imported modules (playwright-core, sharp, the contract) from one file to
          // the next, as the server files do: 54 s of imports over a run became 4 s (2026-11-28). The
          // files share no module state; each sets its own poll time-out (vi.setConfig) where it needs one.
          isolate: false,
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          // Two browser files at a time (E2E_WORKERS for another count): each waits on a browser
          // and the server much of its time. On 2 cores, 749 s one at a time, 528 s two at a time
          // (2026-11-27). After the unit files (another worker count needs another group).
          fileParallelism: Number(process.env.E2E_WORKERS ?? 2) > 1,
          maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
          sequence: { groupOrder: 1 },
          globalSetup: ['tests/e2e/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A poll waits for what the page shows: 1 s (Vitest's default) is too short for a page
          // on a machine running two browsers and a server (files may set their own).
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
