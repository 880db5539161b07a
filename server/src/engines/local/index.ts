// The local engine: real media made on this machine with sharp and ffmpeg, deterministic, no
// network. Its models (the cloth swap's garment cut-out, the face detector for outside media, the
// ESRGAN upscaler) run on the CPU in child processes and a worker thread, all stopped by close().
// The page labels its results 'Local engine'.
import type { Engine } from '../types.ts';
import { clothSwap } from './cloth-swap.ts';
import { faceDetector } from './face-detect.ts';
import { face } from './face.ts';
import { garmentModel } from './garment-cutout.ts';
import { image } from './image.ts';
import { imageToVideo } from './image-to-video.ts';
import { music } from './music.ts';
import { swapImage } from './swap-image.ts';
import { swapVideo } from './swap-video.ts';
import { talking } from './talking.ts';
import { upscalePicture } from './upscale.ts';
import { upscaleModel } from './upscale-model.ts';

export const localEngine: Engine = {
  name: 'local', face, image, swapImage, swapVideo, clothSwap, imageToVideo, music,
  upscale: (input, ctx) => upscalePicture(input, ctx),
  talking,
  async close() {
    await Promise.all([garmentModel.close(), faceDetector.close(), upscaleModel.close()]);
  },
};
