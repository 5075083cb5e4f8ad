import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // The core's tables, and each template module's in its own folder (docs/modules.md).
  schema: ['./src/db/schema/*.ts', './src/modules/*/*.schema.ts'],
  out: './src/db/migrations',
});
