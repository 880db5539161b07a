// "Use these settings" (issue 45): what the details panel hands to a screen (GET /api/media/{id}'s
// settings and the inputs still kept, by field), taken once by the screen it was meant for; the
// template an input names; an upload fetched again as a file.
import { createElement } from 'react';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MediaDetails } from '../../contract/media';
import { genderSetting, handOffSettings, inputFile, SETTINGS_SCREEN, templateOf, useHandedSettings, type Handed } from '../../src/studio/settingsHandOff';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const DETAILS: Pick<MediaDetails, 'kind' | 'settings' | 'inputs'> = {
  kind: 'swapVideo',
  settings: { gender: 'male' },
  inputs: [
    { field: 'face', url: '/media/gen/face.png', media_id: 'm1', origin: 'gallery' },
    { field: 'target', url: '/media/templates/VideoTemplateMen/3.mp4', media_id: null, origin: 'template' },
    { field: 'voice', url: null, media_id: null, origin: 'upload' },
  ],
};

/** Opens `screen` (a component calling useHandedSettings) and returns what it was handed, if anything. */
async function open(screen: string): Promise<Handed[]> {
  const taken: Handed[] = [];
  const Screen = () => (useHandedSettings(screen, (handed) => taken.push(handed)), null);
  const root = createRoot(document.createElement('div'));
  await act(async () => root.render(createElement(Screen)));
  await act(async () => root.unmount());
  return taken;
}

afterEach(() => vi.unstubAllGlobals());

describe('settings handed to a screen', () => {
  it('every kind with a form has its screen; an upscale has none', () => {
    expect(SETTINGS_SCREEN).toMatchObject({ face: '/face', image: '/image', swapImage: '/image', swapVideo: '/video', clothSwap: '/clothSwap', imageToVideo: '/Imagetovideo', music: '/AIMusic', talking: '/talk' });
    expect(SETTINGS_SCREEN.upscale).toBeUndefined();
  });

  it('are taken once, by their own screen only, with the inputs still kept by field', async () => {
    handOffSettings('/video', DETAILS);
    expect(await open('/image')).toEqual([]);
    const [handed, ...more] = await open('/video');
    expect(more).toEqual([]);
    expect(handed).toEqual({
      kind: 'swapVideo',
      settings: { gender: 'male' },
      inputs: { face: { url: '/media/gen/face.png', mediaId: 'm1', origin: 'gallery' }, target: { url: '/media/templates/VideoTemplateMen/3.mp4', mediaId: null, origin: 'template' } },
    });
    expect(await open('/video')).toEqual([]);
    // Media too old to have kept settings hands none.
    handOffSettings('/face', { kind: 'face', settings: null, inputs: [] });
    expect((await open('/face'))[0]!.settings).toEqual({});
  });

  it('reads the template an input names, and the gender', () => {
    expect(templateOf({ url: '/media/templates/VideoTemplateMen/3.mp4', mediaId: null, origin: 'template' })).toMatchObject({ kind: 'video', gender: 'male', id: 3 });
    expect(templateOf({ url: 'https://cdn.example.com/media/templates/ImageTemplate/12.jpg', mediaId: null, origin: 'template' })).toMatchObject({ kind: 'image', gender: 'female', id: 12 });
    expect(templateOf({ url: '/media/templates/ImageTemplate/9999.jpg', mediaId: null, origin: 'template' })).toBeUndefined();
    expect(templateOf({ url: '/media/templates/ImageTemplate/12.jpg', mediaId: null, origin: 'upload' })).toBeUndefined();
    expect(templateOf(undefined)).toBeUndefined();
    expect([genderSetting({ gender: 'male' }), genderSetting({ gender: null }), genderSetting({})]).toEqual(['male', null, null]);
  });

  it('fetches an upload again as a file named for its field, or gives none', async () => {
    const fetch = vi.fn(async (url: string) => (url.includes('gone') ? new Response('', { status: 404 }) : new Response('RIFF', { headers: { 'content-type': 'audio/wav' } })));
    vi.stubGlobal('fetch', fetch);
    const file = await inputFile({ url: '/media/uploads/u1/abc.wav', mediaId: null, origin: 'upload' }, 'voice');
    expect([file?.name, file?.type, file?.size]).toEqual(['voice.wav', 'audio/wav', 4]);
    expect(await inputFile({ url: '/media/uploads/u1/gone.wav', mediaId: null, origin: 'upload' }, 'voice')).toBeNull();
    expect(await inputFile(undefined, 'voice')).toBeNull();
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))));
    expect(await inputFile({ url: '/media/uploads/u1/abc.wav', mediaId: null, origin: 'upload' }, 'voice')).toBeNull();
  });
});
