// The layers of ../shared/ARCHITECTURE.md as a rule (issue 43), read from every file under server/
// and sw/. It refuses:
//   - `page-import`: server/ or sw/ importing the page's code (src/): the page imports them, never
//     the other way (what they share lives in contract/).
//   - `route-import`: a service, repository, engine or any other server module importing a route
//     (server/src/routes/): routes call services, never the reverse. app.ts registers the routes and
//     the HTTP plugins may read a route's public constants.
//   - `route-repository`: a route importing a repository (server/src/db/repositories/): a route
//     parses, calls one service function and shapes the answer (no exceptions since issue 43).
//   - `sql-outside-db`: SQL (Kysely's sql`…` or a query builder's selectFrom / insertInto /
//     updateTable / deleteFrom) in server/src outside db/.
// `npx tsx scripts/checks/layers.ts` lists the problems and exits 1; scripts/test.mjs runs it first.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export type LayerRule = 'page-import' | 'route-import' | 'route-repository' | 'sql-outside-db';

export interface LayerProblem {
  file: string;
  /** 1-based; 0 for a problem of the whole file. */
  line: number;
  rule: LayerRule;
  text: string;
}

const SPECIFIER = /(?:\bimport|\bexport)\s*(?:type\s+)?(?:[^'";]*?\bfrom\s*)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;
const SQL = /\bsql`|\.(selectFrom|insertInto|updateTable|deleteFrom)\(/;

const isRoute = (path: string) => path.startsWith('server/src/routes/');
const isRepository = (path: string) => path.startsWith('server/src/db/repositories/');

/** The problems in `files` (paths relative to the repository root, with forward slashes). */
export function findLayerProblems(files: ReadonlyArray<{ path: string; text: string }>): LayerProblem[] {
  const problems: LayerProblem[] = [];
  for (const { path, text } of files) {
    const lines = text.split(/\r?\n/);
    lines.forEach((line, i) => {
      const at = { file: path, line: i + 1, text: line.trim() };
      for (const match of line.matchAll(SPECIFIER)) {
        const specifier = match[1] ?? match[2]!;
        if (!specifier.startsWith('.')) continue;
        const target = normalize(join(dirname(path), specifier)).replaceAll('\\', '/');
        if (target.startsWith('src/') && (path.startsWith('server/') || path.startsWith('sw/'))) problems.push({ ...at, rule: 'page-import' });
        if (isRoute(target) && path.startsWith('server/src/') && !isRoute(path) && path !== 'server/src/app.ts' && !path.startsWith('server/src/plugins/')) {
          problems.push({ ...at, rule: 'route-import' });
        }
        if (isRepository(target) && isRoute(path)) problems.push({ ...at, rule: 'route-repository' });
      }
      if (path.startsWith('server/src/') && !path.startsWith('server/src/db/') && SQL.test(line) && !/^\s*(\/\/|\*)/.test(line)) {
        problems.push({ ...at, rule: 'sql-outside-db' });
      }
    });
  }
  return problems;
}

function sourceFiles(root: string, folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|mts|mjs|js)$/.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).replaceAll('\\', '/'));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
  const files = ['server', 'sw'].flatMap((folder) => sourceFiles(root, folder)).map((path) => ({ path, text: readFileSync(join(root, path), 'utf8') }));
  const problems = findLayerProblems(files);
  for (const p of problems) console.error(`${p.file}:${p.line}: ${p.rule}: ${p.text}`);
  if (problems.length > 0) {
    console.error(`layers: ${problems.length} problem(s); see scripts/checks/layers.ts for the rules`);
    process.exit(1);
  }
  console.log(`layers: ${files.length} files under server/ and sw/ keep to their layers`);
}
