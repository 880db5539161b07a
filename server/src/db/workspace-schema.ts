// The columns and table added by migration 0021_workspace (issue 45), merged into schema.ts's Database.
import type { Generated } from 'kysely';
import type { SourceKind } from '../../../contract/media.ts';
import type { Flag, Timestamp } from './schema.ts';

declare module './schema.ts' {
  interface MediaItemsTable {
    /** 1 when the user marked it a favourite. */
    favourite: Generated<Flag>;
    /** What made it (jobs/source-words.ts): null for items older than sources or not made by a job. */
    source_kind: SourceKind | null;
    /** The words as the user gave them ('' for an upload, link or picture). */
    source_text: string | null;
    /** Pictures and videos: pixels; null when not measured (items older than 0021). */
    width: number | null;
    height: number | null;
    /** Videos and songs: seconds; null for pictures and unmeasured items. */
    duration_seconds: number | null;
    /** The engine of the job that made it; null when not known. */
    engine: string | null;
  }

  interface Database {
    media_deletions: MediaDeletionsTable;
  }
}

/** A deleted item's stored file, waiting for the deletions sweep (media/deletions.ts). */
export interface MediaDeletionsTable {
  storage_key: string;
  user_id: string;
  /** Not claimed before this time (a file still read by a queued job or a character waits). */
  next_at: Timestamp;
  attempts: Generated<number>;
  lease_until: Timestamp | null;
  lease_owner: string | null;
  created_at: Timestamp;
}
