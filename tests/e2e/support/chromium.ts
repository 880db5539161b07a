// Debian's Chromium and the flags every run here needs (no sandbox as root; no background
// traffic, which this closed network refuses). No test-runner imports: benchmarks use it too.
export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
