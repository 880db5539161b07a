// `npm run worker`: get the Debian packages the server needs (scripts/system-packages.ts), as
// `npm start` does, resolve DATA_DIR from where the command was run, then run the job worker.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveDataFolders } from './data-folders.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { register } = await import('tsx/esm/api');
register();
const { ensureSystemPackages } = await import('./system-packages.ts');
ensureSystemPackages('server');
resolveDataFolders();
await import(join(root, 'server', 'src', 'jobs', 'worker.ts'));
