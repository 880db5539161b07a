// The local upscale: the picture 2x or 4x larger by a real model, ESRGAN (upscale-model.ts), run
// on the CPU a tile at a time. A transparent picture keeps its transparency (the alpha is resized
// with Lanczos; the model sees colour only). PNG out.
import sharp from 'sharp';
import { MAX_UPSCALED_SIDE, STUDIO_MESSAGES } from '../../../../contract/studio.ts';
import { EngineInputError, type EngineContext, type EngineFile, type UpscaleInput } from '../types.ts';
import { readPicture, writePng } from './images.ts';
import { upscaleModel, type UpscaleModel } from './upscale-model.ts';

export const TOO_LARGE = STUDIO_MESSAGES.upscaleTooLarge;

export async function upscalePicture(input: UpscaleInput, ctx: EngineContext, model: Pick<UpscaleModel, 'upscale'> = upscaleModel): Promise<EngineFile> {
  const meta = await sharp(input.imagePath).metadata().catch((err: unknown) => {
    throw new EngineInputError('The picture could not be read.', { cause: err });
  });
  const [w, h] = (meta.orientation ?? 1) >= 5 ? [meta.height ?? 0, meta.width ?? 0] : [meta.width ?? 0, meta.height ?? 0];
  if (Math.max(w, h) * input.scale > MAX_UPSCALED_SIDE) throw new EngineInputError(TOO_LARGE);
  const pic = await readPicture(input.imagePath, ctx.signal);
  const pixels = sharp(pic.data, { raw: { width: pic.width, height: pic.height, channels: 4 } });
  const rgb = await pixels.clone().removeAlpha().raw().toBuffer();
  const opaque = await pixels.clone().extractChannel(3).stats().then((s) => s.channels[0]!.min === 255);
  ctx.progress(1);
  // The tiles are nearly all the work: they carry the bar to 99 (the runner's last step before 100).
  const big = await model.upscale({ rgb, width: pic.width, height: pic.height }, input.scale, ctx.signal, (share) => ctx.progress(1 + share * 98));
  let out = sharp(Buffer.from(big.rgb.buffer, big.rgb.byteOffset, big.rgb.length), { raw: { width: big.width, height: big.height, channels: 3 } });
  if (!opaque) {
    const alpha = await pixels.clone().extractChannel(3).resize(big.width, big.height, { kernel: 'lanczos3' }).raw().toBuffer();
    out = out.joinChannel(alpha, { raw: { width: big.width, height: big.height, channels: 1 } });
  }
  return writePng(ctx, 'upscaled.png', out);
}
