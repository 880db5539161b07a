// The chunks the app starts from, one per start-up stage of src/main.tsx: React (with the entry),
// the theme system's code, then the rest of the app's first load. Evaluating all of it at once
// was the page's longest task (60-90 ms in Chromium here, four times that on a mid-range phone);
// one chunk per stage lets main.tsx evaluate them in tasks of their own. Left to itself Rolldown
// would either merge them into one chunk or scatter the first load over ~40 files of a few
// hundred bytes (each a request and a gzip stream of its own: /pricing 153.6 vs 146.6 KB gzip).
import type { Plugin } from 'vite';

interface Stage {
  /** Chunk name; also the entry name of `module`, when there is one. */
  name: string;
  /** The module main.tsx imports for this stage (dynamically); absent for the entry's own stage. */
  module?: string;
  /** Which of the first load's modules the stage's chunk holds (the last stage: all the rest). */
  test: RegExp;
}

const PATH = String.raw`[\\/]`;
const pkg = (names: string) => new RegExp(`node_modules${PATH}(${names})${PATH}`);

export const STARTUP_STAGES: Stage[] = [
  {
    name: 'entry',
    test: new RegExp(`${pkg('react|react-dom|scheduler').source}|^\\0vite/preload-helper|(src${PATH}lib${PATH}(nextTask|earlyClicks|installPrompt)|contract${PATH}prerender)\\.ts$`),
  },
  {
    name: 'ui',
    module: 'src/theme/system.ts',
    test: new RegExp(
      `${pkg('@chakra-ui|@emotion|@zag-js|@ark-ui|@pandacss|@floating-ui|@internationalized|@swc|stylis|react-is|hoist-non-react-statics|proxy-compare|proxy-memoize').source}|src${PATH}theme${PATH}`,
    ),
  },
  // Every other module of the first load, short of the entry module itself, its stylesheet and
  // the HTML page (Vite's own modules, which start with \0), and the watermark bridge with the
  // AI marks' container code it copies across and its rules (contract/watermark.ts), a chunk of its
  // own that no start-up stage loads (scripts/build/ffmpegCore.ts): matched here, the marks' code
  // and the rules (0.4 KB gzip) went into every public page.
  { name: 'app', module: 'src/app/start.tsx', test: /^(?!\0)(?!.*(src[\\/]workers|contract[\\/]provenance)[\\/])(?!.*contract[\\/]watermark\.ts$)(?!.*(src[\\/]main\.tsx|\.css|\.html)$)/ },
];

/** Rolldown's `input` (the stage modules become entries, so Rolldown tags their modules `$initial`). */
export function startupInput(html: string): Record<string, string> {
  return Object.fromEntries([['index', html], ...STARTUP_STAGES.filter((s) => s.module).map((s) => [s.name, s.module as string])]);
}

/** One codeSplitting group per stage, earlier stages first. */
export function startupGroups() {
  return STARTUP_STAGES.map((stage, index) => ({
    name: stage.name,
    tags: ['$initial' as const],
    priority: STARTUP_STAGES.length - index,
    // A stage's chunk must not pull in the modules of a later stage.
    includeDependenciesRecursively: false,
    test: (id: string) => stage.test.test(id),
  }));
}

/**
 * Checks the stages' chunks import nothing from a later stage: one that did would be evaluated
 * with the earlier stage, and the staging would be lost without a sound.
 */
export function startupChunksCheck(): Plugin {
  return {
    name: 'persona-startup-chunks-check',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      /** Chunk file -> index of its stage in STARTUP_STAGES. */
      const stageOf = new Map<string, number>();
      for (const chunk of chunks) {
        const stage = STARTUP_STAGES.findIndex((s) => s.name === chunk.name);
        if (stage >= 0) stageOf.set(chunk.fileName, stage);
      }
      for (const [index, stage] of STARTUP_STAGES.entries()) {
        if (![...stageOf.values()].includes(index)) throw new Error(`No start-up chunk for stage ${stage.name}`);
      }
      for (const chunk of chunks) {
        const stage = stageOf.get(chunk.fileName);
        if (stage === undefined) continue;
        for (const imported of chunk.imports) {
          if ((stageOf.get(imported) ?? -1) > stage) {
            throw new Error(`Start-up chunk ${chunk.fileName} (stage ${STARTUP_STAGES[stage]!.name}) imports ${imported} of a later stage`);
          }
        }
      }
    },
  };
}
