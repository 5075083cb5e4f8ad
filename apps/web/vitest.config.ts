import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  // recharts (behind @mantine/charts' index) is CommonJS whose require of @reduxjs/toolkit reaches an
  // ES module: a VM context cannot load that. Its ES build, transformed by Vite, can.
  resolve: { alias: [{ find: /^recharts$/, replacement: 'recharts/es6/index.js' }] },
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    // Each file still gets its own context and modules (57 files vi.mock theirs), but in a worker
    // that stays up with jsdom loaded, instead of a new process per file: the suite's 95 files
    // spent 2.6 s of CPU each starting up (208 s -> 83-90 s on these 2 cores). With one worker
    // (`npx vitest run` here on 2 cores) Vitest 4.1 gives all files one context instead; the setup
    // file then has each file load its own modules, under its own mocks (src/test/setup.ts).
    pool: 'vmThreads',
    server: { deps: { inline: ['@mantine/charts', 'recharts'] } },
  },
});
