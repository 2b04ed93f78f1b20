import { defineConfig } from 'drizzle-kit';

// Each domain keeps its tables in `<domain>.schema.ts`; migrations are generated into one folder.
export default defineConfig({
  dialect: 'postgresql',
  schema: './api/**/*.schema.ts',
  out: './api/db/migrations',
});
