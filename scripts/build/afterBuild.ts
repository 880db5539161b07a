// A build step on the finished output folder: runs once every other plugin has written its files.
import type { Plugin } from 'vite';

export function afterBuild(name: string, run: (outDir: string) => void | Promise<void>): Plugin {
  let outDir = 'dist';
  return {
    name,
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle: { order: 'post', sequential: true, handler: () => run(outDir) },
  };
}
