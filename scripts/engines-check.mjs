// `npm run engines:check`: the engine pre-flight `npm start` runs, on demand, with the same settings
// (GENERATION_ENGINES, COMFYUI_URL, REPLICATE_*): asks the ComfyUI (/object_info) and Replicate
// (model and version look-ups) what each capability needs, prints the report and exits 1 when a
// capability would not be served.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveDataFolders } from './data-folders.mjs';

resolveDataFolders();
const { register } = await import('tsx/esm/api');
register();
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { checkEngines } = await import(join(root, 'server', 'src', 'engines', 'check.ts'));
process.exitCode = await checkEngines(process.env, { out: console.log, err: console.error });
