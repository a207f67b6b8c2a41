// drizzle-kit, once per engine: `npm run db:generate` writes drizzle/sqlite and drizzle/pg from the twin schemas.
import { defineConfig } from 'drizzle-kit';

const postgres = process.env.DRIZZLE_ENGINE === 'postgres';

export default postgres
  ? defineConfig({ dialect: 'postgresql', schema: './api/db/schema.pg.ts', out: './drizzle/pg' })
  : defineConfig({ dialect: 'sqlite', schema: './api/db/schema.sqlite.ts', out: './drizzle/sqlite' });
