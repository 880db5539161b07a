import { Type } from 'typebox';
import { Text } from './formats.ts';

/** The database: SQLite in DATA_DIR unless a Postgres URL is given. */
export const databaseSettings = Type.Object({
  DATABASE_URL: Type.Optional(Text('postgres-url', {
    defaultText: '(unset: SQLite at DATA_DIR/app.db)',
    description: 'postgres://user:pass@host:5432/db to use Postgres. Add ?options=-c%20search_path%3Dname to use a schema.',
  })),
});
