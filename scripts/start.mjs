// `npm start`: get the Debian packages the server needs (scripts/system-packages.ts), build the
// page when it is missing or older than its sources, then run the server (which migrates the
// database and serves page + API + media on one port).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveDataFolders } from './data-folders.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { register } = await import('tsx/esm/api');
register();
const { ensureSystemPackages } = await import('./system-packages.ts');
ensureSystemPackages('server');

const builtIndex = join(root, 'dist', 'index.html');

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

function pageIsStale() {
  if (!existsSync(builtIndex)) return true;
  const built = statSync(builtIndex).mtimeMs;
  const sources = ['src', 'sw', 'contract', 'public', 'index.html', 'manifest.webmanifest', 'vite.config.ts'];
  return sources.some((source) => newestMtime(join(root, source)) > built);
}

if (process.env.SKIP_BUILD !== '1' && pageIsStale()) {
  console.log('Building the page (vite build)...');
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

resolveDataFolders();

await import(join(root, 'server', 'src', 'main.ts'));
