// The columns added by migrations 0010_gallery_search and 0014_upscales and the table of 0019_gallery_version_table, merged into schema.ts's Database.
import type { Generated } from 'kysely';

declare module './schema.ts' {
  interface MediaItemsTable {
    /** The prompt, celebrity names or lyrics of the job that made it, folded (jobs/search-text.ts); '' when it had none. */
    search_text: Generated<string>;
    /** An upscale (0014): the storage key of the picture it was made from; null for any other item. */
    upscaled_from: string | null;
    /** An upscale (0014): how many times larger than its source (2 or 4); null for any other item. */
    scale: number | null;
  }

  interface Database {
    gallery_versions: GalleryVersionsTable;
  }
}

/**
 * A user's gallery version (0019): moved by triggers on every insert, update and delete of the
 * user's media_items, the in-memory gallery's freshness; no row is version 0. Goes with the account.
 */
export interface GalleryVersionsTable {
  user_id: string;
  version: number;
}
