import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Integration tests build the site and start real servers: give them room on a 2-core machine.
    testTimeout: 30_000,
    hookTimeout: 240_000,
    globalSetup: ['test/global-setup.ts'],
  },
});
