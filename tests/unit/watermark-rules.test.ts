import { describe, expect, it } from 'vitest';
import {
  imagePlacement,
  videoArgs,
  videoFilter,
  videoPlacement,
  watermarkedFileName,
} from '../../contract/watermark';

const LOGO = { width: 600, height: 126 };

describe('watermark placement', () => {
  it('studio images: the logo 20 px from the bottom-right at 80%, at most 30% of the width', () => {
    // A large image: the logo at its own size.
    expect(imagePlacement('studio', { width: 2560, height: 1440 }, LOGO)).toEqual({
      x: 2560 - 600 - 20, y: 1440 - 126 - 20, width: 600, height: 126, opacity: 0.8,
    });
    // A small image shrinks the logo instead of being covered by it.
    const small = imagePlacement('studio', { width: 512, height: 512 }, LOGO);
    expect(small.width).toBe(154);
    expect(small.height).toBe(Math.round((154 * 126) / 600));
    expect([small.x + small.width, small.y + small.height]).toEqual([492, 492]);
  });

  it('gallery images: about 30% of the width, centred at the bottom, opacity 0.75', () => {
    const at = imagePlacement('gallery', { width: 1000, height: 800 }, LOGO);
    expect(at).toMatchObject({ width: 300, height: 63, x: 350, opacity: 0.75 });
    expect(at.y + at.height).toBe(800 - 24);
  });

  it('videos: centred at the bottom; the ffmpeg filter says the same', () => {
    const at = videoPlacement({ width: 1280, height: 720 }, LOGO);
    expect(at.x * 2 + at.width).toBe(1280);
    expect(at.width).toBe(384);
    expect(videoFilter()).toContain('scale2ref=w=main_w*0.3');
    expect(videoFilter()).toContain('overlay=x=(main_w-overlay_w)/2:y=main_h-overlay_h-main_h*0.04');
    expect(videoFilter()).toContain('aa=0.8');
    // Odd sizes are cropped to even ones before anything else (4:2:0 needs them).
    expect(videoFilter()).toMatch(/^\[0:v\]crop=trunc\(iw\/2\)\*2:trunc\(ih\/2\)\*2\[even\];.*\[logo0\]\[even\]scale2ref/);
  });
});

describe('video arguments', () => {
  it('H.264 at 25 fps and 2.5 Mbit/s, audio copied when there is audio', () => {
    const args = videoArgs('in', 'logo.png', 'out.mp4');
    const joined = args.join(' ');
    expect(joined).toContain('-c:v libx264 -preset ultrafast -b:v 2500k -g 250 -r 25');
    expect(joined).toContain('-map 0:a? -c:v');
    expect(joined).toContain('-c:a copy');
    expect(args.at(-1)).toBe('out.mp4');
  });
});

describe('file names', () => {
  it('watermarked-image-{id}.png and watermarked-video-{id or timestamp}.mp4', () => {
    expect(watermarkedFileName('image', '42')).toBe('watermarked-image-42.png');
    expect(watermarkedFileName('video', 'abc-1')).toBe('watermarked-video-abc-1.mp4');
    expect(watermarkedFileName('video', undefined, 1_700_000_000_000)).toBe('watermarked-video-1700000000000.mp4');
  });

  it('an id never makes a path or a hidden file', () => {
    expect(watermarkedFileName('image', '../../etc/passwd')).toBe('watermarked-image-_etc_passwd.png');
    expect(watermarkedFileName('image', '', 5)).toBe('watermarked-image-5.png');
    expect(watermarkedFileName('image', '///', 5)).toBe('watermarked-image-_.png');
  });
});
