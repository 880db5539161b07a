// Debian's Chromium and the flags every run here needs (no sandbox as root; no background
// traffic, which this closed network refuses). No test-runner imports: benchmarks use it too.
export const CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * The features Playwright 1.65 turns off (its chromiumSwitches.ts), then ours. Chromium applies only
 * the last --disable-features switch on its command line, and Playwright puts its own before the
 * caller's, so ours must repeat Playwright's list (tests/server/chromium-args.test.ts checks it against
 * the installed playwright-core).
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Headless Chromium 156 opens every window (one per context) with the address bar's two WebUI popups
 * loaded in a renderer of their own (chrome://omnibox-popup.top-chrome/), which no test sees; Puppeteer
 * turns them off by default since 2026-07 (puppeteer/puppeteer#15278). Measured here: 20 contexts
 * 3.6 s -> 2.2 s, and a11y, accounts and site-home one after another 129 s -> 112 s (2026-11-29).
 */
const OUR_DISABLED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OUR_DISABLED_FEATURES].join(',')}`,
];
