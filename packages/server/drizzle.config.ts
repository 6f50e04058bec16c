// drizzle-kit: `npm run db:generate` writes a new SQL migration from the table definitions.
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './packages/server/src/schema.ts',
  out: './packages/server/src/db/migrations',
});
