import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes a new SQL migration into api/db/migrations after a schema change.
// The server applies the migrations at start (api/db/database.ts); nothing connects from here.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./api/db/schema.ts', './api/db/schema-*.ts'],
  out: './api/db/migrations',
});
