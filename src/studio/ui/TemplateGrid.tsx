import { Box, Flex, SimpleGrid, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { PickTile } from './PickTile';
import { loadSlots } from '../../lib/loadSlots';
import { useReducedMotion } from '../../lib/useReducedMotion';
import { MotionToggle } from '../../pages/site/components/MotionToggle';
import { TEMPLATE_MANIFEST, type TemplateEntry, type TemplateGender, type TemplateKind } from '../../../contract/templates';
import { templateUrl } from '../../content/media';

interface TemplateGridProps {
  kind: TemplateKind;
  gender: TemplateGender;
  /** The chosen templates' ids: one makes one job, several a batch (issue 29). */
  selected: readonly number[];
  /** A tile pressed: chosen if it was not, unchosen if it was. */
  onToggle: (template: TemplateEntry) => void;
  id?: string;
}

/** Clips loading at once: the rest wait, so the user's generate call always finds a connection. */
const takeClipSlot = loadSlots(2);

/**
 * A video preview that plays only while it is in view (156 clips on one screen). Its poster and
 * clip are asked for only when it first comes into view: posters load eagerly otherwise, and 156 of
 * them would hold the browser's few connections to the server ahead of the user's generate call.
 * Clips also take turns (two at a time), for the same reason. `still` (reduced motion) shows the
 * poster only: no clip is fetched or played. `paused` (the grid's control) stops the clips.
 */
function TemplateVideo({ entry, still, paused }: { entry: TemplateEntry; still: boolean; paused: boolean }) {
  const ref = useRef<HTMLVideoElement>(null);
  const [seen, setSeen] = useState(typeof IntersectionObserver === 'undefined');
  const [clip, setClip] = useState(false);
  const inView = useRef(false);
  const pausedRef = useRef(paused);
  pausedRef.current = paused;
  useEffect(() => {
    const video = ref.current;
    if (!seen || !video || still) return;
    let release: () => void = () => undefined;
    const settle = () => release();
    const cancel = takeClipSlot((r) => {
      release = r;
      video.addEventListener('loadeddata', settle, { once: true });
      video.addEventListener('error', settle, { once: true });
      setClip(true);
    });
    return () => {
      cancel();
      release();
      video.removeEventListener('loadeddata', settle);
      video.removeEventListener('error', settle);
    };
  }, [seen, still]);
  useEffect(() => {
    const video = ref.current;
    if (!video || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([e]) => {
      inView.current = Boolean(e?.isIntersecting);
      if (!inView.current) return video.pause();
      setSeen(true);
      if (!pausedRef.current) void video.play().catch(() => undefined);
    }, { threshold: 0.25 });
    observer.observe(video);
    return () => observer.disconnect();
  }, []);
  useEffect(() => {
    // A clip that scrolled into view before its source was set starts once it has one; the
    // grid's pause control stops and restarts the ones in view.
    const video = ref.current;
    if (!video || !clip) return;
    if (paused) video.pause();
    else if (inView.current) void video.play().catch(() => undefined);
  }, [clip, paused]);
  return (
    <video
      ref={ref}
      src={clip && !still ? templateUrl(entry.path) : undefined}
      poster={seen ? templateUrl(entry.thumb) : undefined}
      muted
      loop
      playsInline
      // Once it has its turn the clip loads whether or not it still shows, so the turn ends.
      preload={clip ? 'auto' : 'none'}
      aria-hidden="true"
      style={{ width: '100%', height: '100%', objectFit: 'cover' }}
    />
  );
}

/**
 * The template grid (spec §2): pictures for images; autoplaying, muted, looping previews in
 * reverse order for videos. A scrolling box keeps the generate button in reach. Several may be
 * chosen: each tile is a toggle. The previews move for as long as the grid shows, so they have a
 * pause control (WCAG 2.2.2), and under reduced motion they stand still: posters, no clips fetched.
 */
export function TemplateGrid({ kind, gender, selected, onToggle, id }: TemplateGridProps) {
  const entries = TEMPLATE_MANIFEST.filter((t) => t.kind === kind && t.gender === gender);
  const ordered = kind === 'video' ? [...entries].reverse() : entries;
  const reduced = useReducedMotion();
  const [paused, setPaused] = useState(false);
  return (
    <Box id={id}>
      <Flex align="center" justify="space-between" gap="2" mb="2">
        <Text fontWeight="medium" id={`${kind}-templates-label`}>
          Choose a template
        </Text>
        {kind === 'video' && !reduced ? <MotionToggle what="template previews" paused={paused} onToggle={() => setPaused((p) => !p)} /> : null}
      </Flex>
      <Text fontSize="xs" color="fg.muted" mb="2" id={`${kind}-templates-hint`}>
        Pick one, or several to make them all at once.
      </Text>
      <Box maxH={{ base: '18rem', md: '22rem' }} overflowY="auto" rounded="xl" borderWidth="1px" borderColor="border.muted" p="2" tabIndex={-1}>
        <SimpleGrid columns={{ base: 3, sm: 4 }} gap="2" role="group" aria-labelledby={`${kind}-templates-label`} aria-describedby={`${kind}-templates-hint`}>
          {ordered.map((t) => (
            <PickTile
              key={t.id}
              label={`Template ${t.id}`}
              selected={selected.includes(t.id)}
              onClick={() => onToggle(t)}
              aspect="3 / 4"
              src={kind === 'image' ? templateUrl(t.thumb) : undefined}
            >
              {kind === 'video' && <TemplateVideo entry={t} still={reduced} paused={paused} />}
            </PickTile>
          ))}
        </SimpleGrid>
      </Box>
    </Box>
  );
}
