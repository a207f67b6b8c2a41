import { createDatabase, dropDatabase } from '../postgres-cluster.ts';
import { openDatabase } from '../../api/db/client.ts';
import pg from 'pg';
const admin = process.env.KICKOFF_PG_ADMIN_URL!;
const t = () => performance.now();
const ms = (a: number) => (t() - a).toFixed(1);
for (const strategy of ['', ' STRATEGY = FILE_COPY']) {
  for (let i = 0; i < 5; i++) {
    const name = `c${i}${strategy ? 'f' : 'w'}`;
    let a = t();
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(`CREATE DATABASE "${name}" TEMPLATE kickoff${strategy}`);
    await client.end();
    const create = ms(a);
    a = t();
    const url = new URL(process.env.DATABASE_URL!); url.pathname = `/${name}`;
    const db = await openDatabase({ engine: 'postgres', url: url.toString(), poolSize: 4 });
    const open = ms(a);
    a = t();
    await db.close();
    const close = ms(a);
    a = t();
    await dropDatabase(admin, name);
    console.log(strategy || 'WAL_LOG', { create, open, close, drop: ms(a) });
  }
}
