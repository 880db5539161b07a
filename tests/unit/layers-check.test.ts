// The layer check scripts/test.mjs runs before every layer (issue 43): each rule finds its planted
// import or query, and what the layers allow passes.
import { describe, expect, it } from 'vitest';
import { findLayerProblems } from '../../scripts/checks/layers';

/** A route on the planted list of routes still on repositories (the real list empties as issue 43 goes on). */
const LISTED = 'server/src/routes/legacy/index.ts';
const file = (path: string, ...lines: string[]) => ({ path, text: lines.join('\n') });
const found = (...files: Array<{ path: string; text: string }>) => findLayerProblems(files, new Set([LISTED])).map((p) => [p.file, p.line, p.rule]);

describe('layer check', () => {
  it('refuses the page imported by the server or the service worker', () => {
    expect(
      found(
        file('server/src/jobs/x.ts', "import { api } from '../../../src/api/client.ts';"),
        file('sw/x.ts', "import type { Page } from '../src/app/routes';", "const lazy = await import('../src/lib/nearView');"),
        file('server/src/jobs/y.ts', "import { CAPABILITIES } from '../../../contract/capabilities.ts';"),
      ),
    ).toEqual([
      ['server/src/jobs/x.ts', 1, 'page-import'],
      ['sw/x.ts', 1, 'page-import'],
      ['sw/x.ts', 2, 'page-import'],
    ]);
  });

  it('refuses a service or an engine importing a route; app.ts and the HTTP plugins may', () => {
    expect(
      found(
        file('server/src/developer/announce.ts', "import { jobView } from '../routes/jobs/index.ts';"),
        file('server/src/engines/local/x.ts', "export { thing } from '../../routes/studio/submit.ts';"),
        file('server/src/app.ts', "import { studioRoutes } from './routes/studio/index.ts';"),
        file('server/src/plugins/route-rules.ts', "import { DOCS_PATH } from '../routes/openapi/index.ts';"),
        file(LISTED, "import { cancelJob } from '../jobs/index.ts';", "import { batchesRepository } from '../../db/repositories/batches.ts';"),
      ),
    ).toEqual([
      ['server/src/developer/announce.ts', 1, 'route-import'],
      ['server/src/engines/local/x.ts', 1, 'route-import'],
    ]);
  });

  it('refuses a new route on a repository, and a listed one that no longer needs to be listed', () => {
    expect(
      found(
        file('server/src/routes/characters/index.ts', "import { mediaRepository } from '../../db/repositories/media.ts';"),
        file(LISTED, "import { thing } from '../../accounts/service.ts';"),
      ),
    ).toEqual([
      ['server/src/routes/characters/index.ts', 1, 'route-repository'],
      [LISTED, 0, 'stale-allowance'],
    ]);
  });

  it('refuses SQL outside db/, not in comments', () => {
    expect(
      found(
        file('server/src/jobs/x.ts', 'await sql`select 1`.execute(db);', "const rows = await db.selectFrom('jobs').selectAll().execute();", '// db.deleteFrom(...) in a comment', "await trx.updateTable('users').set(v).execute();"),
        file('server/src/db/repositories/x.ts', "await db.insertInto('jobs').values(row).execute();"),
      ),
    ).toEqual([
      ['server/src/jobs/x.ts', 1, 'sql-outside-db'],
      ['server/src/jobs/x.ts', 2, 'sql-outside-db'],
      ['server/src/jobs/x.ts', 4, 'sql-outside-db'],
    ]);
  });
});
