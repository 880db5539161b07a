// The layer check scripts/test.mjs runs before every layer (issue 43): each rule finds its planted
// import or query, and what the layers allow passes.
import { describe, expect, it } from 'vitest';
import { findLayerProblems } from '../../scripts/checks/layers';

const file = (path: string, ...lines: string[]) => ({ path, text: lines.join('\n') });
const found = (...files: Array<{ path: string; text: string }>) => findLayerProblems(files).map((p) => [p.file, p.line, p.rule]);

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
        file('server/src/routes/batches/index.ts', "import { GENERATION_ERRORS } from '../studio/options.ts';", "import { jobService } from '../../jobs/service.ts';"),
      ),
    ).toEqual([
      ['server/src/developer/announce.ts', 1, 'route-import'],
      ['server/src/engines/local/x.ts', 1, 'route-import'],
    ]);
  });

  it('refuses a route on a repository; a route calls its service', () => {
    expect(
      found(
        file('server/src/routes/characters/index.ts', "import { mediaRepository } from '../../db/repositories/media.ts';"),
        file('server/src/routes/jobs/index.ts', "import type { JobView } from '../../jobs/views.ts';", "const { jobsRepository } = await import('../../db/repositories/jobs.ts');"),
      ),
    ).toEqual([
      ['server/src/routes/characters/index.ts', 1, 'route-repository'],
      ['server/src/routes/jobs/index.ts', 2, 'route-repository'],
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
