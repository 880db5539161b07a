// The table and columns added by migration 0020_characters, merged into the Database interface of schema.ts.
import type { Timestamp } from './schema.ts';

declare module './schema.ts' {
  interface JobsTable {
    /** The character the job is for (issue 44); null for none. */
    character_id: string | null;
  }
  interface MediaItemsTable {
    /** The character the item was made for, or moved to (issue 44); null for none. */
    character_id: string | null;
  }
  interface Database {
    characters: CharactersTable;
  }
}

/** One of a user's characters (issue 44). */
export interface CharactersTable {
  id: string;
  user_id: string;
  name: string;
  /** The name trimmed and lower-cased: unique per user. */
  name_key: string;
  gender: 'female' | 'male';
  /** The face's stored object: a gallery face or image of the user, or their portrait upload. */
  face_key: string;
  /** The gallery item the face is, or null for a portrait upload. */
  face_media_id: string | null;
  bio: string;
  style: string;
  voice_type: 'preset' | 'sample';
  /** The preset for typed text (also kept with a sample: typed text still needs a voice). */
  voice_preset: string;
  voice_pitch: number;
  voice_speed: number;
  voice_sample_key: string | null;
  voice_sample_seconds: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
