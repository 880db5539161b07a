// The local upscale's progress (issue 45: the bar paced to 95% and waited there): each tile the model
// finishes moves it, and the last tile brings it to 99, the runner's last step before 100. The model
// is a stand-in that reports four tiles and answers a plain 2x resize.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { upscalePicture } from '../../server/src/engines/local/upscale.ts';
import type { UpscaleModel } from '../../server/src/engines/local/upscale-model.ts';
import { contextMaker } from './support/engine.ts';

const root = mkdtempSync(join(tmpdir(), 'ps-upscale-progress-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const context = contextMaker(() => root);

describe('the local upscale', () => {
  it('follows the tiles to 99%', async () => {
    const picture = join(root, 'in.png');
    await sharp({ create: { width: 32, height: 24, channels: 3, background: '#336699' } }).png().toFile(picture);
    const tiles = 4;
    const model: Pick<UpscaleModel, 'upscale'> = {
      async upscale(p, scale, _signal, progress = () => undefined) {
        for (let done = 1; done <= tiles; done++) progress(done / tiles);
        const rgb = await sharp(p.rgb, { raw: { width: p.width, height: p.height, channels: 3 } }).resize(p.width * scale, p.height * scale).raw().toBuffer();
        return { rgb, width: p.width * scale, height: p.height * scale, usage: { cpuSeconds: 0, maxRssBytes: 0 } };
      },
    };
    const ctx = context();
    const out = await upscalePicture({ imagePath: picture, scale: 2 }, ctx, model);
    expect(ctx.seen).toEqual([1, 25.5, 50, 74.5, 99]);
    expect(await sharp(out.path).metadata()).toMatchObject({ width: 64, height: 48 });
  });
});
