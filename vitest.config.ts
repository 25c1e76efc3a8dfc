import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/support/fast-check-seed.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // isolated-vm and better-sqlite3 are native addons: forks are safer than worker threads.
    pool: 'forks',
    reporters: ['default'],
  },
});
