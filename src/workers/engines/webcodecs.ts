// The video watermark with the browser's own codecs: Mediabunny reads the clip's packets and
// writes the MP4 (a maintained demuxer/muxer; it copies the audio packets as they are, which we
// need since Chromium has no AAC encoder), VideoDecoder gives frames, the logo is blended into
// each frame's Y'CbCr planes (planes.ts: no whole-frame canvas copies, which cost 2x), and
// VideoEncoder makes H.264 at a constant 25 fps and 2.5 Mbit/s. Whatever this engine cannot do
// (codec, pixel format, flipped tracks) is an UnsupportedVideoError, and the worker hands the
// clip to ffmpeg.wasm.
import {
  BlobSource,
  BufferTarget,
  EncodedAudioPacketSource,
  EncodedPacket,
  EncodedPacketSink,
  EncodedVideoPacketSource,
  Input,
  MP4,
  Mp4OutputFormat,
  Output,
  QTFF,
  type InputAudioTrack,
} from 'mediabunny';
import { VIDEO, VIDEO_OUTPUT, videoPlacement } from '../../../contract/watermark';
import {
  avcCodec,
  blend,
  displaySize,
  evenSize,
  FrameSlots,
  logoPlanes,
  toCoded,
  type LogoPlanes,
  type PlaneLayout,
  type Rotation,
} from './planes';
import { abortError, UnsupportedVideoError, type VideoEngineImpl, type VideoJob } from './types';

/** Frames waiting in the decoder or the encoder before we wait for them (bounded memory). */
const QUEUE_LIMIT = 8;

/** The logo, drawn at its place and size on the displayed picture (videoPlacement), as RGBA. */
async function placedLogo(png: Uint8Array, shown: { width: number; height: number }) {
  const bitmap = await createImageBitmap(new Blob([png as Uint8Array<ArrayBuffer>], { type: 'image/png' }));
  try {
    const at = videoPlacement(shown, bitmap);
    const canvas = new OffscreenCanvas(at.width, at.height);
    const context = canvas.getContext('2d');
    if (!context) throw new UnsupportedVideoError('Watermark: no 2D context on OffscreenCanvas');
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, at.width, at.height);
    const { data } = context.getImageData(0, 0, at.width, at.height);
    return { rgba: { data, width: at.width, height: at.height }, at };
  } finally {
    bitmap.close();
  }
}

/** Resolves on the codec's next 'dequeue' while its queue is over the limit; rejects when the job fails. */
function drained(codec: VideoDecoder | VideoEncoder, failed: Promise<never>): Promise<void> {
  const size = () => (codec instanceof VideoDecoder ? codec.decodeQueueSize : codec.encodeQueueSize);
  if (size() <= QUEUE_LIMIT) return Promise.resolve();
  return Promise.race([
    new Promise<void>((resolve) => {
      const check = () => {
        if (size() > QUEUE_LIMIT) return;
        codec.removeEventListener('dequeue', check);
        resolve();
      };
      codec.addEventListener('dequeue', check);
    }),
    failed,
  ]);
}

async function audioTrackOf(input: Input): Promise<{ track: InputAudioTrack; config: AudioDecoderConfig } | null> {
  const track = await input.getPrimaryAudioTrack();
  if (!track) return null;
  const codec = await track.getCodec();
  const config = await track.getDecoderConfig();
  if (!codec || !config || !new Mp4OutputFormat().getSupportedAudioCodecs().includes(codec)) {
    throw new UnsupportedVideoError(`Watermark: the audio (${codec ?? 'unknown codec'}) cannot be copied into MP4 here`);
  }
  return { track, config };
}

export class WebCodecsEngine implements VideoEngineImpl {
  async run({ input: file, logo, onProgress, signal }: VideoJob): Promise<Blob> {
    if (signal.aborted) throw abortError();
    const input = new Input({ source: new BlobSource(file), formats: [MP4, QTFF] });
    // Everything that must be let go, however the job ends.
    let decoder: VideoDecoder | null = null;
    let encoder: VideoEncoder | null = null;
    let output: Output | null = null;
    const frames: VideoFrame[] = []; // decoded, not yet taken
    let failure: Error | null = null;
    let fail: (error: Error) => void = () => undefined;
    const failed = new Promise<never>((_, reject) => {
      fail = (error) => {
        failure ??= error;
        reject(failure);
      };
    });
    failed.catch(() => undefined);
    const onAbort = () => fail(abortError());
    signal.addEventListener('abort', onAbort, { once: true });
    const step = <T>(work: Promise<T>): Promise<T> => Promise.race([work, failed]);

    try {
      const video = await step(input.getPrimaryVideoTrack().catch(() => {
        throw new Error('Watermark: the video could not be read');
      }));
      if (!video) throw new Error('Watermark: the file has no video track');
      const decoderConfig = await step(video.getDecoderConfig());
      if (!decoderConfig) throw new UnsupportedVideoError(`Watermark: the video codec (${await video.getCodec()}) is unknown here`);
      if (await step(video.getFlip())) throw new UnsupportedVideoError('Watermark: flipped video');
      const rotation = (await step(video.getRotation())) as Rotation;
      const coded = evenSize(await step(video.getCodedWidth()), await step(video.getCodedHeight()));
      if (coded.width < 2 || coded.height < 2) throw new Error('Watermark: the video has no picture');
      const encoderConfig: VideoEncoderConfig = {
        codec: avcCodec(coded.width, coded.height),
        width: coded.width,
        height: coded.height,
        bitrate: VIDEO_OUTPUT.bitsPerSecond,
        framerate: VIDEO_OUTPUT.fps,
        avc: { format: 'avc' },
        latencyMode: 'quality',
      };
      const [canDecode, canEncode] = await step(
        Promise.all([VideoDecoder.isConfigSupported(decoderConfig), VideoEncoder.isConfigSupported(encoderConfig)]),
      );
      if (!canDecode.supported) throw new UnsupportedVideoError(`Watermark: this browser cannot decode ${decoderConfig.codec}`);
      if (!canEncode.supported) throw new UnsupportedVideoError(`Watermark: this browser cannot encode ${encoderConfig.codec}`);
      const audio = await step(audioTrackOf(input));
      // The end of the last frame: the output's length and the progress's 100%.
      const duration = await step(video.computeDuration());

      const logoInFrame = await step(placedLogo(logo, displaySize(coded, rotation)));
      const inCoded = toCoded(logoInFrame.rgba, logoInFrame.at, coded, rotation);
      let planes: LogoPlanes | null = null; // made on the first frame, which tells the colour matrix

      const target = new BufferTarget();
      output = new Output({ format: new Mp4OutputFormat({ fastStart: 'in-memory' }), target });
      const videoOut = new EncodedVideoPacketSource('avc');
      output.addVideoTrack(videoOut, { rotation, frameRate: VIDEO_OUTPUT.fps });
      const audioOut = audio ? new EncodedAudioPacketSource((await audio.track.getCodec())!) : null;
      if (audioOut) output.addAudioTrack(audioOut);
      await step(output.start());

      // Encoded chunks go to the muxer in order; its promises are chained so none is lost.
      let muxed: Promise<void> = Promise.resolve();
      encoder = new VideoEncoder({
        output: (chunk, meta) => {
          const packet = EncodedPacket.fromEncodedChunk(chunk);
          muxed = muxed.then(() => videoOut.add(packet, meta));
          muxed.catch((error: unknown) => fail(error instanceof Error ? error : new Error(String(error))));
        },
        error: (error) => fail(new Error(`Watermark: the encoder failed (${error.message})`)),
      });
      encoder.configure(encoderConfig);

      decoder = new VideoDecoder({
        output: (frame) => frames.push(frame),
        error: (error) => fail(new Error(`Watermark: the video could not be decoded (${error.message})`)),
      });
      decoder.configure(decoderConfig);

      // The frame shown until the next one arrives, blended, in one reused buffer.
      const slots = new FrameSlots(VIDEO_OUTPUT.fps);
      // Slot numbers count from the first frame's: the end is known once it has arrived.
      let endSlot = Infinity;
      let held: { buffer: Uint8Array; format: 'I420' | 'NV12'; layout: PlaneLayout[]; colorSpace: VideoColorSpaceInit } | null =
        null;
      let buffer: Uint8Array | null = null;
      let encoded = 0;

      const emitUntil = async (slot: number) => {
        if (!held) return;
        while (slots.next < Math.min(slot, endSlot)) {
          await step(drained(encoder!, failed));
          const frame = new VideoFrame(held.buffer, {
            format: held.format,
            codedWidth: coded.width,
            codedHeight: coded.height,
            timestamp: slots.timeOf(slots.next),
            duration: Math.round(slots.step),
            layout: held.layout,
            colorSpace: held.colorSpace,
          });
          encoder!.encode(frame, { keyFrame: slots.next % VIDEO_OUTPUT.keyFrameEvery === 0 });
          frame.close();
          slots.next++;
          encoded++;
          if (encoded % 5 === 0) onProgress(Math.min(0.99, slots.next / endSlot));
        }
      };

      const take = async (frame: VideoFrame) => {
        try {
          const slot = slots.slotOf(frame.timestamp);
          if (!held) {
            slots.next = slot;
            endSlot = Math.max(slot + 1, slots.slotOf(duration * 1e6));
          }
          await emitUntil(slot);
          const format = frame.format;
          if (format !== 'I420' && format !== 'NV12') {
            throw new UnsupportedVideoError(`Watermark: frames in ${format ?? 'an opaque format'} cannot be blended here`);
          }
          const visible = frame.visibleRect;
          if (!visible || visible.width < coded.width || visible.height < coded.height) {
            throw new UnsupportedVideoError('Watermark: the picture size changes within the video');
          }
          const rect = { x: visible.x, y: visible.y, ...coded };
          buffer ??= new Uint8Array(frame.allocationSize({ rect }));
          const layout = await step(frame.copyTo(buffer, { rect }));
          const colorSpace = frame.colorSpace.toJSON();
          planes ??= logoPlanes(inCoded.logo, inCoded.at, VIDEO.opacity, colorSpace);
          blend(buffer, format, layout, coded, planes);
          held = { buffer, format, layout: layout.map(({ offset, stride }) => ({ offset, stride })), colorSpace };
        } finally {
          frame.close();
        }
      };
      const takeDecoded = async () => {
        while (frames.length > 0) await take(frames.shift()!);
      };

      const copyAudio = audio
        ? (async () => {
            let first = true;
            for await (const packet of new EncodedPacketSink(audio.track).packets()) {
              if (failure) return;
              await audioOut!.add(packet, first ? { decoderConfig: audio.config } : undefined);
              first = false;
            }
          })()
        : Promise.resolve();
      copyAudio.catch((error: unknown) => fail(error instanceof Error ? error : new Error(String(error))));

      for await (const packet of new EncodedPacketSink(video).packets()) {
        if (failure) throw failure;
        decoder.decode(packet.toEncodedVideoChunk());
        await takeDecoded();
        await step(drained(decoder, failed));
      }
      await step(decoder.flush());
      await takeDecoded();
      if (!held) throw new Error('Watermark: the video has no frames');
      await emitUntil(endSlot);
      await step(encoder.flush());
      await step(muxed);
      await step(copyAudio);
      await step(output.finalize());
      if (!target.buffer) throw new Error('Watermark: the MP4 was not written');
      onProgress(1);
      return new Blob([target.buffer], { type: 'video/mp4' });
    } catch (error) {
      if (signal.aborted) throw abortError();
      const reason = failure ?? error;
      if (reason instanceof Error) throw reason.message.startsWith('Watermark: ') ? reason : new Error(`Watermark: ${reason.message}`);
      throw new Error(`Watermark: ${String(reason)}`);
    } finally {
      signal.removeEventListener('abort', onAbort);
      fail(abortError()); // settles anything still waiting on `failed`
      for (const frame of frames.splice(0)) frame.close();
      for (const codec of [decoder, encoder]) if (codec && codec.state !== 'closed') codec.close();
      if (output && output.state !== 'finalized' && output.state !== 'canceled') await output.cancel().catch(() => undefined);
      input.dispose();
    }
  }
}
