// Several reads answered by one statement (issue 20): each read's rows come back as one JSON value of
// the statement's single row, decoded as the read's own rows would be. One statement reads one snapshot,
// so reads that must agree need no transaction: on PostgreSQL a sync pull's transaction held a pooled
// connection across its round trips, and the pool, not the reads, set the pace (bench/README.md).
import { Column, is, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from './client.ts';
import { engineOf } from './engines/engine.ts';
import { rowDecoder } from './prepared.ts';

/** A select of flat columns, not run on its own. */
type FlatSelect = SQLWrapper & PromiseLike<object[]>;
type RowOf<Q extends FlatSelect> = Awaited<Q>[number];

/**
 * The rows of `query` as a value of another statement, in the order of the columns `orderBy` names
 * (ascending). The query itself sorts nothing: an aggregate keeps no order it is not given. Each row
 * travels as a JSON array of its values and is decoded by its columns' own decoders, so the rows equal
 * what `query` answers alone. PostgreSQL writes a timestamp into JSON in ISO form: it goes as text, the
 * form its column reads.
 */
export function jsonRows<Q extends FlatSelect>(db: Db, query: Q, orderBy: (keyof RowOf<Q> & string)[] = []): SQL<RowOf<Q>[]> {
  // drizzle's own record of the selection (as flatRows reads its prepared `fields`); not in its types.
  const selected = (query as unknown as { getSelectedFields(): Record<string, unknown> }).getSelectedFields();
  const fields = Object.entries(selected).map(([key, field]) => ({ key, field }));
  const names = fields.map((_, index) => `c${index}`);
  const postgres = engineOf(db).name === 'postgres';
  const values = fields.map(({ field }, index) => (postgres && is(field, Column) && field.getSQLType().startsWith('timestamp') ? `${names[index]}::text` : names[index]));
  const order = orderBy.map((key) => {
    const index = fields.findIndex((field) => field.key === key);
    if (index < 0) throw new Error(`jsonRows: ${key} is not a selected column`);
    return names[index];
  });
  const orderClause = order.length ? ` order by ${order.join(', ')}` : '';
  const aggregate = postgres
    ? `coalesce(json_agg(json_build_array(${values.join(', ')})${orderClause}), '[]'::json)`
    : `json_group_array(json_array(${values.join(', ')})${orderClause})`;
  const decode = rowDecoder(fields);
  // node-postgres parses a json column itself; better-sqlite3 answers its text.
  return sql`(with s(${sql.raw(names.join(', '))}) as ${query} select ${sql.raw(aggregate)} from s)`.mapWith((value: unknown) =>
    decode((typeof value === 'string' ? JSON.parse(value) : value) as unknown[][]),
  ) as SQL<RowOf<Q>[]>;
}
