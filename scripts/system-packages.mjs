// Debian packages the tests need; installed with apt-get when missing and we are root.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const SYSTEM_PACKAGES = [
  { pkg: 'chromium', binary: '/usr/bin/chromium', why: 'browser tests (playwright-core drives it)' },
  { pkg: 'ffmpeg', binary: '/usr/bin/ffmpeg', why: 'media generation and processing' },
];

export function ensureSystemPackages(packages = SYSTEM_PACKAGES) {
  const missing = packages.filter((p) => !existsSync(p.binary));
  if (missing.length === 0) return;
  const names = missing.map((p) => p.pkg);
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    const lines = missing.map((p) => `  - ${p.pkg} (${p.binary}): ${p.why}`).join('\n');
    console.error(`Missing Debian packages:\n${lines}\nInstall them with: sudo apt-get install -y ${names.join(' ')}`);
    process.exit(1);
  }
  console.log(`Installing Debian packages: ${names.join(' ')}`);
  // Wait for another apt or dpkg run instead of failing at once on its lock.
  const lock = ['-o', 'DPkg::Lock::Timeout=300'];
  execFileSync('apt-get', [...lock, 'update', '-qq'], { stdio: 'inherit' });
  const result = spawnSync('apt-get', [...lock, 'install', '-y', '-qq', '--no-install-recommends', ...names], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.status !== 0 || missing.some((p) => !existsSync(p.binary))) {
    console.error(`apt-get could not install ${names.join(' ')}`);
    process.exit(1);
  }
}
