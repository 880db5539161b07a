import type { TestProject } from 'vitest/node';
import { startServer, type RunningServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** The shared server's data folder (its mail outbox holds sign-up codes). */
    dataDir: string;
  }
}

let server: RunningServer | undefined;

// One shared server for the browser tests; tests that need their own (offline) start another.
export async function setup(project: TestProject): Promise<void> {
  server = await startServer();
  project.provide('baseURL', server.url);
  project.provide('dataDir', server.dataDir);
}

export async function teardown(): Promise<void> {
  await server?.stop();
}
