// The column added by migration 0010_gallery_search, merged into MediaItemsTable of schema.ts.
import type { Generated } from 'kysely';

declare module './schema.ts' {
  interface MediaItemsTable {
    /** The prompt, celebrity names or lyrics of the job that made it, folded (jobs/search-text.ts); '' when it had none. */
    search_text: Generated<string>;
  }
}
