// The job system of one process: repository, queue (in-process, or BullMQ with REDIS_URL), and the
// "job settled" signal that wakes requests waiting for their result (from this process, from others
// through Redis, and by polling beside it).
import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Settings } from '../config/index.ts';
import type { Db } from '../db/index.ts';
import { createEngineRegistry, type EngineRegistry } from '../engines/registry.ts';
import type { ContentCredentialsSigner } from '../provenance/types.ts';
import type { MediaStorage } from '../storage/types.ts';
import { userFiles, type UserFiles } from '../storage/user-files.ts';
import { bullmqQueue } from './bullmq-queue.ts';
import { inProcessQueue, type JobQueue } from './queue.ts';
import { jobsRepository, type JobRow, type JobsRepository } from '../db/repositories/jobs.ts';
import { jobService, type JobService } from './service.ts';
import { forecastQueue, type Estimate } from './eta.ts';
import { calibratedRunTimes, speedFactor, workloadOfThisProcess } from './calibration.ts';
import { templateLibraryOf } from '../templates/library.ts';
import { mediaSources, type MediaSources } from './sources.ts';
import { uploadService, type UploadService } from '../uploads/service.ts';
import { templateFiles } from './templates.ts';
import { isFinalJobStatus } from '../../../contract/job-status.ts';

/** A waiting request looks at the job at least this often (jobs run by other processes). */
const WAIT_POLL_MS = 1_000;
/** The settled emitter's event for every job (its other events are job ids). */
const ANY_JOB = Symbol('any job');

export interface JobSystem {
  repo: JobsRepository;
  queue: JobQueue;
  /** The one way a job is made: idempotency, allowance reservation, insert, notify. */
  service: JobService;
  /** Users' uploads and link copies. */
  files: UserFiles;
  /** The media a studio call names, checked as sources a job of this user may read. */
  sources: MediaSources;
  /** Uploads and link copies stored with their consents; a multipart call's job made from its uploads. */
  uploads: UploadService;
  /** The engine of each capability (checked when the system is made); closed by whoever closes the system. */
  engines: EngineRegistry;
  /** Position and ETA of every queued and running job (eta.ts), as the queue stands now. */
  estimates(): Promise<Map<string, Estimate>>;
  /** Resolves with the job once it is succeeded, failed or canceled, or as it is after `timeoutMs`. */
  waitFor(jobId: string, timeoutMs: number, signal?: AbortSignal): Promise<JobRow | undefined>;
  /** Calls `listener` with each job that settled in this process (or, with Redis, in another). */
  onSettled(listener: (jobId: string) => void): void;
  /**
   * Measures this machine against the reference (calibration.ts) so estimates start from its figures;
   * resolves with them (by runTimeKey). Estimates asked for meanwhile wait for it.
   */
  calibrate(): Promise<ReadonlyMap<string, number>>;
}

export interface JobSystemOptions {
  db: Db;
  config: Settings;
  storage: MediaStorage;
  log: Logger;
  now: () => number;
  /** Signs every output's Content Credentials (provenance/index.ts startContentCredentials). */
  signer: ContentCredentialsSigner;
}

export function createJobSystem(opts: JobSystemOptions): JobSystem {
  const { db, config, storage, log, now, signer } = opts;
  const repo = jobsRepository(db);
  const files = userFiles(db, storage, log.child({ component: 'user-files' }));
  const engines = createEngineRegistry(config.generation);
  const settled = new EventEmitter();
  settled.setMaxListeners(0);
  const queueDeps = {
    repo,
    storage,
    files,
    engines,
    signer,
    templates: templateFiles(templateLibraryOf(config)),
    generation: config.generation,
    log: log.child({ component: 'jobs' }),
    now,
    leaseMs: config.generation.leaseMs,
    concurrency: config.generation.workerConcurrency,
    onSettled: (jobId: string) => {
      settled.emit(jobId);
      settled.emit(ANY_JOB, jobId);
    },
  };
  const queue: JobQueue = config.redis ? bullmqQueue({ ...queueDeps, redis: config.redis }) : inProcessQueue(queueDeps);

  async function waitFor(jobId: string, timeoutMs: number, signal?: AbortSignal): Promise<JobRow | undefined> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const job = await repo.byId(jobId);
      if (!job || isFinalJobStatus(job.status) || Date.now() >= deadline || signal?.aborted) return job;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          settled.off(jobId, done);
          signal?.removeEventListener('abort', done);
          resolve();
        };
        const timer = setTimeout(done, Math.min(WAIT_POLL_MS, Math.max(0, deadline - Date.now())));
        settled.once(jobId, done);
        signal?.addEventListener('abort', done, { once: true });
      });
    }
  }

  const onSettled = (listener: (jobId: string) => void) => void settled.on(ANY_JOB, listener);
  // Worker slots: this setting on every process that runs jobs (an API process with REDIS_URL runs
  // none itself, but its workers are configured alike); at least one.
  const slots = Math.max(1, config.generation.workerConcurrency);
  let calibrated: ReadonlyMap<string, number> = new Map();
  // The calibration under way: estimates wait for it (well under a second), the server and its queue do not.
  let calibrating: Promise<unknown> = Promise.resolve();
  function calibrate(): Promise<ReadonlyMap<string, number>> {
    const measured = (async () => {
      const factor = speedFactor(await workloadOfThisProcess());
      calibrated = calibratedRunTimes((kind) => engines.for(kind)?.engine ?? '', factor);
      log.info({ factor: Math.round(factor * 100) / 100 }, 'run-time estimates calibrated against the reference machine');
      return calibrated;
    })();
    calibrating = measured.catch(() => undefined);
    return measured;
  }
  const estimates = async () => {
    await calibrating;
    return (await forecastQueue(repo, slots, now(), calibrated)).estimates;
  };
  const service = jobService({ db, queue, estimates, settled: queueDeps.onSettled, urlOf: (key) => storage.url(key) });
  const sources = mediaSources({ db, storage, files });
  const uploads = uploadService({ db, files, jobs: service, generation: config.generation, now });

  return { repo, queue, service, files, sources, uploads, engines, estimates, waitFor, onSettled, calibrate };
}
