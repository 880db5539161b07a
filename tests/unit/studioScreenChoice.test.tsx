// The tab and gender a studio screen reopens on (issue 24 §7): where the user left it, unless a
// job still runs in another of its slots; and a job picked up after a reload shows its progress
// from the first render.
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PERSISTED_SESSION_KEYS } from '../../src/lib/persistedSession';
import { StudioSessionKey as K } from '../../src/lib/studioSessionKeys';
import { setPendingJob } from '../../src/studio/jobs';
import { useGenerationProgress } from '../../src/studio/progress';
import { openingChoice, useGalleryTab, useScreenChoice } from '../../src/studio/screenChoice';
import { useStudioStore } from '../../src/studio/studioStore';

const VIDEO = {
  link: { female: K.videoLink, male: K.videoLinkMen },
  template: { female: K.videoTemplate, male: K.videoTemplateMen },
} as const;
const FIRST = { mode: 'link', gender: 'female' } as const;

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  sessionStorage.clear();
  sessionStorage.setItem('userId', 'u1');
  useStudioStore.setState({ userId: 'u1', running: {}, results: {}, errors: {}, queued: {} });
  container = document.createElement('div');
  root = createRoot(container);
});
afterEach(() => act(() => root.unmount()));

describe('the tab and gender a screen opens on', () => {
  it('the first tab and Women at first; then where the user left it, kept in this tab\'s session only', () => {
    expect(openingChoice('video', VIDEO, FIRST)).toEqual(FIRST);
    let screen: ReturnType<typeof useScreenChoice<'link' | 'template'>> | undefined;
    function Video() {
      screen = useScreenChoice<'link' | 'template'>('video', VIDEO, 'link');
      return null;
    }
    act(() => root.render(<Video />));
    act(() => screen!.setMode('template'));
    act(() => screen!.setGender('male'));
    expect([screen!.mode, screen!.gender]).toEqual(['template', 'male']);
    // A reload: the screen mounts again from the session.
    act(() => root.unmount());
    root = createRoot(container);
    screen = undefined;
    act(() => root.render(<Video />));
    expect([screen!.mode, screen!.gender]).toEqual(['template', 'male']);
    // Another screen keeps its own.
    expect(openingChoice('image', { prompt: { female: K.imagePrompt, male: K.imagePromptMen } }, { mode: 'prompt', gender: 'female' })).toEqual({ mode: 'prompt', gender: 'female' });
    expect(PERSISTED_SESSION_KEYS).not.toContain(K.screenChoices);
  });

  it('a job still running in another slot decides, the newest of several; the slot left keeps its place when its own job runs', () => {
    sessionStorage.setItem(K.screenChoices, JSON.stringify({ video: { mode: 'link', gender: 'male' } }));
    expect(openingChoice('video', VIDEO, FIRST)).toEqual({ mode: 'link', gender: 'male' });
    setPendingJob(K.videoTemplate, { jobId: 'a', startedAt: 1000 });
    expect(openingChoice('video', VIDEO, FIRST)).toEqual({ mode: 'template', gender: 'female' });
    // A job followed in this tab counts too, even before the session remembers it.
    useStudioStore.setState({ running: { [K.videoTemplateMen]: { since: 2000, progress: 0 } } });
    expect(openingChoice('video', VIDEO, FIRST)).toEqual({ mode: 'template', gender: 'male' });
    setPendingJob(K.videoLinkMen, { jobId: 'b', startedAt: 500 });
    expect(openingChoice('video', VIDEO, FIRST)).toEqual({ mode: 'link', gender: 'male' });
    // Another user's jobs left in the store do not count.
    setPendingJob(K.videoLinkMen, null);
    setPendingJob(K.videoTemplate, null);
    useStudioStore.setState({ userId: 'someone-else' });
    expect(openingChoice('video', VIDEO, FIRST)).toEqual({ mode: 'link', gender: 'male' });
  });

  it('ignores what it cannot read: a tab the screen no longer has, a bad gender, broken JSON', () => {
    sessionStorage.setItem(K.screenChoices, JSON.stringify({ video: { mode: 'prompt', gender: 'other' } }));
    expect(openingChoice('video', VIDEO, FIRST)).toEqual(FIRST);
    sessionStorage.setItem(K.screenChoices, '{not json');
    expect(openingChoice('video', VIDEO, FIRST)).toEqual(FIRST);
  });

  it('the gallery reopens on its tab', () => {
    const tabs = ['faces', 'videos'] as const;
    let gallery: ReturnType<typeof useGalleryTab<(typeof tabs)[number]>> | undefined;
    function Gallery() {
      gallery = useGalleryTab(tabs, 'faces');
      return null;
    }
    act(() => root.render(<Gallery />));
    expect(gallery![0]).toBe('faces');
    act(() => gallery![1]('videos'));
    act(() => root.unmount());
    root = createRoot(container);
    act(() => root.render(<Gallery />));
    expect(gallery![0]).toBe('videos');
  });
});

describe('progress of a job picked up after a reload', () => {
  it('shows the time already spent from the first render', () => {
    const shown: number[] = [];
    function Probe() {
      shown.push(useGenerationProgress('video', true, 0, Date.now() - 42_000));
      return null;
    }
    act(() => root.render(<Probe />));
    expect(shown[0]).toBe(10); // 1 point per 4.2 s
  });
});
