// The Debian packages each part of the project needs, in one list: `npm start` gets the server's,
// `npm test` the tests'. What is missing is installed with apt-get when we are root; otherwise
// the command stops and prints the command that installs it. The decision is a pure function
// (planSystemPackages) so it is tested without touching the machine's packages.
import { execFileSync, spawnSync } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';

export type Part = 'server' | 'tests';

export interface SystemPackage {
  /** The Debian package. */
  readonly pkg: string;
  readonly why: string;
  /** Who needs it: the server at start (`npm start`), the tests (`npm test`). */
  readonly neededBy: readonly Part[];
  /**
   * What it provides: an absolute path, or a name looked up on PATH. With a `serverSetting`, the
   * server runs what that setting names when it is set, so the package is not needed for it
   * (the tests run the binary by its name).
   */
  readonly binaries: readonly Binary[];
}

interface Binary {
  readonly file: string;
  readonly serverSetting?: string;
}

export const SYSTEM_PACKAGES: readonly SystemPackage[] = [
  { pkg: 'chromium', why: 'browser tests (playwright-core drives it)', neededBy: ['tests'], binaries: [{ file: '/usr/bin/chromium' }] },
  {
    pkg: 'ffmpeg',
    why: 'media generation and processing',
    neededBy: ['server', 'tests'],
    binaries: [
      { file: 'ffmpeg', serverSetting: 'FFMPEG_PATH' },
      { file: 'ffprobe', serverSetting: 'FFPROBE_PATH' },
    ],
  },
  { pkg: 'espeak-ng', why: 'speech for the talking character\'s typed text', neededBy: ['server', 'tests'], binaries: [{ file: 'espeak-ng', serverSetting: 'ESPEAK_NG_PATH' }] },
];

/** What the decision looks at on this machine. */
export interface Machine {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly isRoot: boolean;
  /** Whether a binary (an absolute path, or a name on PATH) is an executable file here. */
  readonly found: (file: string) => boolean;
}

export type SystemPackagePlan =
  | { readonly action: 'none' }
  | { readonly action: 'install'; readonly packages: readonly string[] }
  | { readonly action: 'stop'; readonly message: string };

const PART_LABEL: Record<Part, string> = { server: 'for the server', tests: 'for the tests' };

/** A setting counts as given when it is not blank, as the server's config reads it. */
const given = (env: Machine['env'], name: string | undefined) => name !== undefined && (env[name]?.trim() ?? '') !== '';

/**
 * What `part` lacks and what to do about it. A binary named by a setting the server reads is the
 * operator's choice: never installed over (the server's config checks that it exists).
 */
export function planSystemPackages(part: Part, machine: Machine, packages: readonly SystemPackage[] = SYSTEM_PACKAGES): SystemPackagePlan {
  const operatorChose = (b: Binary) => part === 'server' && given(machine.env, b.serverSetting);
  const missing = packages
    .filter((p) => p.neededBy.includes(part))
    .map((p) => ({ ...p, absent: p.binaries.filter((b) => !operatorChose(b) && !machine.found(b.file)) }))
    .filter((p) => p.absent.length > 0);
  if (missing.length === 0) return { action: 'none' };
  const names = missing.map((p) => p.pkg);
  const hasAptGet = machine.found('apt-get');
  if (machine.isRoot && hasAptGet) return { action: 'install', packages: names };

  const lines = missing.map((p) => `  - ${p.pkg} (${p.absent.map((b) => b.file).join(', ')} not found): ${p.why}`);
  const them = names.length === 1 ? 'it' : 'them';
  const install = hasAptGet
    ? `Install ${them} with: sudo apt-get update && sudo apt-get install -y ${names.join(' ')}`
    : `This machine has no apt-get: install ${names.join(' ')} with its package manager.`;
  const settings = part === 'server' ? missing.flatMap((p) => p.absent.flatMap((b) => (b.serverSetting ? [b.serverSetting] : []))) : [];
  const orSet = settings.length ? [`Or set ${listed(settings)} to binaries this machine has.`] : [];
  return { action: 'stop', message: [`Missing Debian packages ${PART_LABEL[part]}:`, ...lines, install, ...orSet].join('\n') };
}

/** 'A', 'A and B', 'A, B and C'. */
const listed = (names: readonly string[]) => (names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`);

/** An absolute (or relative) path that is an executable file, or a name found as one on PATH. */
export function findsExecutable(file: string, path = process.env.PATH ?? ''): boolean {
  const candidates = file.includes('/') ? [resolve(file)] : path.split(delimiter).filter(Boolean).map((dir) => join(dir, file));
  return candidates.some((candidate) => {
    try {
      accessSync(candidate, constants.X_OK);
      return statSync(candidate).isFile();
    } catch {
      return false;
    }
  });
}

function thisMachine(): Machine {
  return { env: process.env, isRoot: process.getuid?.() === 0, found: (file) => findsExecutable(file) };
}

/** Acts on the plan for `part`: returns when nothing is missing (or once apt-get installed it), else exits. */
export function ensureSystemPackages(part: Part, packages: readonly SystemPackage[] = SYSTEM_PACKAGES): void {
  const plan = planSystemPackages(part, thisMachine(), packages);
  if (plan.action === 'none') return;
  if (plan.action === 'stop') {
    console.error(plan.message);
    process.exit(1);
  }
  const names = plan.packages;
  console.log(`Installing Debian packages ${PART_LABEL[part]}: ${names.join(' ')}`);
  // Wait for another apt or dpkg run instead of failing at once on its lock.
  const lock = ['-o', 'DPkg::Lock::Timeout=300'];
  execFileSync('apt-get', [...lock, 'update', '-qq'], { stdio: 'inherit' });
  const result = spawnSync('apt-get', [...lock, 'install', '-y', '-qq', '--no-install-recommends', ...names], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.status !== 0 || planSystemPackages(part, thisMachine(), packages).action !== 'none') {
    console.error(`apt-get could not install ${names.join(' ')}`);
    process.exit(1);
  }
}
