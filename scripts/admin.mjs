// `npm run admin -- grant <email> <plan> [days]` | `npm run admin -- revoke <email>`: operator
// commands on the same data as `npm start` (DATA_DIR / DATABASE_URL resolved the same way).
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveDataFolders } from './data-folders.mjs';

resolveDataFolders();
const { register } = await import('tsx/esm/api');
register();
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { ownFilesOnly } = await import(join(root, 'server', 'src', 'data-dir.ts'));
// A database this command makes is the server's own (issue 40).
ownFilesOnly();
const { runAdmin } = await import(join(root, 'server', 'src', 'admin.ts'));
process.exitCode = await runAdmin(process.argv.slice(2), process.env, { out: console.log, err: console.error });
