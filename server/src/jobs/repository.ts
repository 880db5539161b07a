// The jobs repository lives with the other repositories; this path stays for modules not yet moved to it.
export * from '../db/repositories/jobs.ts';
