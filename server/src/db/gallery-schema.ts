// The columns added by migrations 0010_gallery_search and 0014_upscales, merged into MediaItemsTable of schema.ts.
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
}
