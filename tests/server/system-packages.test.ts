import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configTable } from '../../server/src/config/index.ts';
import { SYSTEM_PACKAGES, findsExecutable, planSystemPackages, type Machine, type SystemPackagePlan } from '../../scripts/system-packages.ts';

/** A machine where only `present` is found (by name on PATH or by absolute path). */
const machine = (present: string[], { isRoot = false, env = {} as Record<string, string> } = {}): Machine => ({
  env: Object.freeze({ ...env }),
  isRoot,
  found: (file) => present.includes(file),
});
/** The message of a plan that stops (failing when it does not). */
function stopMessage(plan: SystemPackagePlan): string {
  expect(plan.action).toBe('stop');
  return plan.action === 'stop' ? plan.message : '';
}
const debian = ['apt-get'];
/** espeak-ng present: the ffmpeg cases below are about ffmpeg alone. */
const withSpeech = [...debian, 'espeak-ng'];
const withFfmpeg = [...withSpeech, 'ffmpeg', 'ffprobe'];

describe('planSystemPackages: npm start (the server)', () => {
  it('installs Debian ffmpeg as root when ffmpeg and ffprobe are missing, not Chromium', () => {
    expect(planSystemPackages('server', machine(withSpeech, { isRoot: true }))).toEqual({ action: 'install', packages: ['ffmpeg'] });
  });

  it('installs espeak-ng (the talking character\'s speech) with ffmpeg, or alone, unless ESPEAK_NG_PATH names another', () => {
    expect(planSystemPackages('server', machine(debian, { isRoot: true }))).toEqual({ action: 'install', packages: ['ffmpeg', 'espeak-ng'] });
    expect(planSystemPackages('server', machine([...debian, 'ffmpeg', 'ffprobe'], { isRoot: true }))).toEqual({ action: 'install', packages: ['espeak-ng'] });
    expect(planSystemPackages('server', machine([...debian, 'ffmpeg', 'ffprobe'], { isRoot: true, env: { ESPEAK_NG_PATH: '/opt/espeak/bin/espeak-ng' } }))).toEqual({ action: 'none' });
    const message = stopMessage(planSystemPackages('server', machine(debian)));
    expect(message).toContain("espeak-ng (espeak-ng not found): speech for the talking character's typed text");
    expect(message).toContain('Install them with: sudo apt-get update && sudo apt-get install -y ffmpeg espeak-ng\n');
    expect(message).toContain('Or set FFMPEG_PATH, FFPROBE_PATH and ESPEAK_NG_PATH to binaries this machine has.');
  });

  it('stops as another user and prints the exact command, and the settings that would do instead', () => {
    const message = stopMessage(planSystemPackages('server', machine(withSpeech)));
    expect(message).toContain('ffmpeg (ffmpeg, ffprobe not found): media generation and processing');
    expect(message).toContain('Install it with: sudo apt-get update && sudo apt-get install -y ffmpeg\n');
    expect(message).toContain('Or set FFMPEG_PATH and FFPROBE_PATH to binaries this machine has.');
    expect(message).not.toContain('chromium');
  });

  it('does nothing when ffmpeg and ffprobe are found, whether or not Chromium is', () => {
    expect(planSystemPackages('server', machine(withFfmpeg))).toEqual({ action: 'none' });
    expect(planSystemPackages('server', machine(withFfmpeg, { isRoot: true }))).toEqual({ action: 'none' });
  });

  it('honours FFMPEG_PATH and FFPROBE_PATH as given, found or not (the config checks them): nothing installed over them', () => {
    for (const env of [
      { FFMPEG_PATH: '/opt/ffmpeg/bin/ffmpeg', FFPROBE_PATH: '/opt/ffmpeg/bin/ffprobe' },
      { FFMPEG_PATH: 'ffmpeg-6', FFPROBE_PATH: 'ffprobe-6' },
    ]) {
      expect(planSystemPackages('server', machine(withSpeech, { isRoot: true, env })), JSON.stringify(env)).toEqual({ action: 'none' });
      expect(planSystemPackages('server', machine(withSpeech, { env }))).toEqual({ action: 'none' });
    }
  });

  it('still gets the package for the binary whose setting is unset (or blank, as the config reads it)', () => {
    const env = { FFMPEG_PATH: '/opt/ffmpeg/bin/ffmpeg', FFPROBE_PATH: '  ' };
    expect(planSystemPackages('server', machine(withSpeech, { isRoot: true, env }))).toEqual({ action: 'install', packages: ['ffmpeg'] });
    const message = stopMessage(planSystemPackages('server', machine(withSpeech, { env })));
    expect(message).toContain('ffmpeg (ffprobe not found)');
    expect(message).toContain('Or set FFPROBE_PATH to binaries this machine has.');
  });

  it('stops without apt-get, even as root, naming the package', () => {
    for (const isRoot of [true, false]) {
      expect(stopMessage(planSystemPackages('server', machine(['espeak-ng'], { isRoot })))).toContain('This machine has no apt-get: install ffmpeg with its package manager.');
    }
  });

  it('takes a later system package of the server from the same list', () => {
    const later = { pkg: 'sox', why: 'sound', neededBy: ['server'] as const, binaries: [{ file: 'sox' }] };
    expect(planSystemPackages('server', machine(withSpeech, { isRoot: true }), [...SYSTEM_PACKAGES, later])).toEqual({ action: 'install', packages: ['ffmpeg', 'sox'] });
    expect(planSystemPackages('tests', machine([...withFfmpeg, '/usr/bin/chromium'], { isRoot: true }), [...SYSTEM_PACKAGES, later])).toEqual({ action: 'none' });
  });

  it('names only settings the server reads', () => {
    const settings = SYSTEM_PACKAGES.flatMap((p) => p.binaries.flatMap((b) => (b.serverSetting ? [b.serverSetting] : [])));
    expect(settings).toEqual(['FFMPEG_PATH', 'FFPROBE_PATH', 'ESPEAK_NG_PATH']);
    for (const name of settings) expect(configTable.map((row) => row.name)).toContain(name);
  });
});

describe('planSystemPackages: npm test', () => {
  it('installs Chromium and ffmpeg as root, as before', () => {
    expect(planSystemPackages('tests', machine(withSpeech, { isRoot: true }))).toEqual({ action: 'install', packages: ['chromium', 'ffmpeg'] });
    expect(planSystemPackages('tests', machine(debian, { isRoot: true }))).toEqual({ action: 'install', packages: ['chromium', 'ffmpeg', 'espeak-ng'] });
    expect(planSystemPackages('tests', machine(withFfmpeg, { isRoot: true }))).toEqual({ action: 'install', packages: ['chromium'] });
    expect(planSystemPackages('tests', machine([...withFfmpeg, '/usr/bin/chromium']))).toEqual({ action: 'none' });
  });

  it('needs ffmpeg on PATH whatever FFMPEG_PATH says (the tests run it by name)', () => {
    const env = { FFMPEG_PATH: '/opt/ffmpeg/bin/ffmpeg', FFPROBE_PATH: '/opt/ffmpeg/bin/ffprobe' };
    const message = stopMessage(planSystemPackages('tests', machine([...withSpeech, '/usr/bin/chromium'], { env })));
    expect(message).toContain('Install it with: sudo apt-get update && sudo apt-get install -y ffmpeg');
    expect(message).not.toContain('Or set');
  });
});

describe('on this machine (a temporary folder, no package touched)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'ps-syspkg-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('finds executable files by name on PATH or by path, not plain files or folders', () => {
    writeFileSync(join(dir, 'tool'), '#!/bin/sh\n');
    chmodSync(join(dir, 'tool'), 0o755);
    writeFileSync(join(dir, 'data'), '');
    mkdirSync(join(dir, 'folder'));
    chmodSync(join(dir, 'folder'), 0o755);
    const path = `/nonexistent:${dir}`;
    expect(findsExecutable('tool', path)).toBe(true);
    expect(findsExecutable(join(dir, 'tool'), '')).toBe(true);
    expect(findsExecutable('tool', '/nonexistent')).toBe(false);
    expect(findsExecutable('data', path)).toBe(false);
    expect(findsExecutable('folder', path)).toBe(false);
  });

  it('npm start (scripts/start.mjs) without ffmpeg and espeak-ng on PATH gets both Debian packages (not Chromium) before the server starts', () => {
    // PATH holds only a stand-in apt-get that records its calls: no package is touched.
    const bin = join(dir, 'bin');
    mkdirSync(bin);
    writeFileSync(join(bin, 'apt-get'), `#!/bin/sh\necho "$*" >> ${join(dir, 'apt-get.log')}\n`);
    chmodSync(join(bin, 'apt-get'), 0o755);
    const start = join(import.meta.dirname, '..', '..', 'scripts', 'start.mjs');
    const run = spawnSync(process.execPath, [start], {
      cwd: dir,
      env: { PATH: bin, NODE_OPTIONS: '', HOST: '127.0.0.1', PORT: '1', DATA_DIR: join(dir, 'data'), SKIP_BUILD: '1' },
      encoding: 'utf8',
      // Only a safety net should the script ever start serving: it is expected to exit at once.
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    const log = join(dir, 'apt-get.log');
    const aptGetCalls = existsSync(log) ? readFileSync(log, 'utf8') : '';
    if (process.getuid?.() === 0) {
      expect(aptGetCalls).toMatch(/install .*--no-install-recommends ffmpeg espeak-ng\n/);
      expect(aptGetCalls).not.toContain('chromium');
      expect(run.stderr).toContain('apt-get could not install ffmpeg espeak-ng');
    } else {
      expect(aptGetCalls).toBe('');
      expect(run.stderr).toContain('sudo apt-get update && sudo apt-get install -y ffmpeg espeak-ng');
    }
    expect(run.stderr).not.toContain('FFMPEG_PATH names no executable');
  });
});
