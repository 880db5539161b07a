import type { Migration } from 'kysely';
import * as m0001 from './0001_initial.ts';
import * as m0002 from './0002_seed_plans.ts';
import * as m0003 from './0003_accounts.ts';
import * as m0004 from './0004_account_security.ts';
import * as m0005 from './0005_billing.ts';
import * as m0006 from './0006_generation.ts';
import * as m0007 from './0007_job_requests.ts';
import * as m0008 from './0008_consents.ts';
import * as m0009 from './0009_batches.ts';
import * as m0010 from './0010_gallery_search.ts';
import * as m0011 from './0011_queue.ts';
import * as m0012 from './0012_gallery_text_index.ts';
import * as m0013 from './0013_developer_api.ts';
import * as m0014 from './0014_upscales.ts';
import * as m0015 from './0015_gallery_terms.ts';
import * as m0016 from './0016_gallery_versions.ts';
import * as m0017 from './0017_key_guesses.ts';
import * as m0018 from './0018_job_output_dropped.ts';
import * as m0019 from './0019_gallery_version_table.ts';
import * as m0020 from './0020_characters.ts';
import * as m0021 from './0021_workspace.ts';

/**
 * Every migration, in order. To add one: create NNNN_name.ts exporting up (and down) taking
 * Kysely<any>, then add it here. Names are stored in kysely_migration: never rename one that shipped.
 */
export const migrations: Record<string, Migration> = {
  '0001_initial': m0001,
  '0002_seed_plans': m0002,
  '0003_accounts': m0003,
  '0004_account_security': m0004,
  '0005_billing': m0005,
  '0006_generation': m0006,
  '0007_job_requests': m0007,
  '0008_consents': m0008,
  '0009_batches': m0009,
  '0010_gallery_search': m0010,
  '0011_queue': m0011,
  '0012_gallery_text_index': m0012,
  '0013_developer_api': m0013,
  '0014_upscales': m0014,
  '0015_gallery_terms': m0015,
  '0016_gallery_versions': m0016,
  '0017_key_guesses': m0017,
  '0018_job_output_dropped': m0018,
  '0019_gallery_version_table': m0019,
  '0020_characters': m0020,
  '0021_workspace': m0021,
};
