import { Badge, Box, HStack, IconButton, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { ImageVariant } from '../../workers/watermark';
import { withTimestamp, type StoredResult } from '../results';
import { AiGeneratedLabel } from './AiGeneratedLabel';
import { DownloadButton, DownloadNote } from './DownloadButton';
import { resultLink, ShareOffer } from './ShareOffer';
import { ShareButton } from './ShareButton';
import { UpscaleAction } from './UpscaleAction';
import { ExpandIcon, ZoomIcon } from '../../app/icons/StudioIcons';
import { PreviewDialog } from './PreviewDialog';

interface ResultPanelProps {
  kind: 'image' | 'video' | 'audio';
  result: StoredResult | null;
  /** Shown before anything is generated: the spec's default pictures or sample video. */
  placeholder?: ReactNode;
  busy: boolean;
  busyText: string;
  /** What the result is, for its alt text and labels: 'Generated face'. */
  label: string;
  /**
   * Faces have no download (spec §2: only images and videos are downloaded) and no Share. Songs
   * have no download but a Share (issue 28) of the song as made, which carries its AI marks.
   */
  download?: boolean;
  variant?: ImageVariant;
  id?: string;
  aspect?: string;
  /** Videos: a fullscreen button (the video screen) instead of the preview modal. */
  fullscreen?: boolean;
  /** Videos with a voice (talking, issue 45): played with sound and controls, once; others loop muted as the spec's video screen does. */
  sound?: boolean;
}

/**
 * The right-hand panel of a generation screen: the result (or the default picture) labelled
 * 'AI-generated', a magnifier or fullscreen preview, the watermarked download with its note on the
 * marks, a 'Local engine' badge on results the local engine made, Upscale 2x / 4x on pictures
 * (issue 31), and, while a job runs, a spinner with the spec's waiting text.
 */
export function ResultPanel({ kind, result, placeholder, busy, busyText, label, download = true, variant, id, aspect = '4 / 5', fullscreen = false, sound = false }: ResultPanelProps) {
  const [previewOpen, setPreviewOpen] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  const src = result ? withTimestamp(result.url, result.at) : null;
  const ids = useId();
  const labelId = `${ids}-ai`;
  const noteId = `${ids}-note`;
  const described = src ? labelId : undefined;
  const downloads = src !== null && download && kind !== 'audio';
  const shares = src !== null && download;
  // A new result scrolls into view (issue 45: on a phone the panel is below the form); the one
  // shown when the screen opens does not.
  const panel = useRef<HTMLDivElement>(null);
  const firstAt = useRef(result?.at);
  useEffect(() => {
    const el = panel.current;
    if (!el || !result || result.at === firstAt.current) return;
    firstAt.current = result.at;
    const { top, bottom } = el.getBoundingClientRect();
    if (top < 0 || bottom > innerHeight) el.scrollIntoView({ block: 'start', behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
  }, [result?.at]);

  return (
    <Stack ref={panel} id={id} gap="3" bg="bg.panel" borderWidth="1px" borderColor="border.muted" rounded="2xl" p={{ base: 3, md: 4 }} aria-busy={busy}>
      <Box position="relative" rounded="xl" overflow="hidden" bg="bg.muted" aspectRatio={kind === 'audio' ? undefined : aspect} minH={kind === 'audio' ? '8rem' : undefined}>
        {src ? (
          kind === 'image' ? (
            <img src={src} alt={label} aria-describedby={described} style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
          ) : kind === 'video' ? (
            <video ref={video} src={src} autoPlay muted={!sound} loop={!sound} controls={sound} playsInline aria-label={label} aria-describedby={described} style={{ width: '100%', height: '100%', objectFit: 'contain', background: 'black' }} />
          ) : (
            <Box p="4" pt="10">
              <audio src={src} controls aria-label={label} aria-describedby={described} style={{ width: '100%' }} />
            </Box>
          )
        ) : (
          placeholder
        )}
        {result?.engine === 'local' && (
          <Badge position="absolute" top="2" left="2" size="sm" variant="solid" colorPalette="gray" title="Made by the built-in local engine: drawn by an algorithm, no trained model">
            Local engine
          </Badge>
        )}
        {busy && (
          <Stack position="absolute" inset="0" align="center" justify="center" gap="3" bg="blackAlpha.700" textAlign="center" px="4" role="status">
            <Spinner size="lg" color="white" />
            <Text color="white" fontWeight="medium">
              {busyText}
            </Text>
          </Stack>
        )}
      </Box>
      {src && (
        <HStack justify="space-between" flexWrap="wrap" gap="2">
          <AiGeneratedLabel id={labelId} />
          <HStack gap="2" flexWrap="wrap">
            {kind === 'audio' ? null : kind === 'video' && fullscreen ? (
              <IconButton aria-label={`Fullscreen ${label.toLowerCase()}`} size="sm" variant="outline" onClick={() => void video.current?.requestFullscreen?.().catch(() => setPreviewOpen(true))}>
                <ExpandIcon />
              </IconButton>
            ) : (
              <IconButton aria-label={`Preview ${label.toLowerCase()}`} size="sm" variant="outline" onClick={() => setPreviewOpen(true)}>
                <ZoomIcon />
              </IconButton>
            )}
            {downloads && <DownloadButton item={{ id: result?.jobId, url: src, kind }} watermark={variant} aria-describedby={noteId} />}
            {/* Issue 45: a result on its screen is an item opened: its file is prepared at once, so one tap shares. */}
            {shares && (
              <ShareButton
                item={{ id: result?.jobId, url: src, kind }}
                title={label}
                watermark={variant}
                aria-describedby={downloads ? noteId : undefined}
                fallback={() => <ShareOffer item={{ id: result?.jobId, url: src, kind }} name={label} link={result?.jobId ? resultLink(result.jobId) : null} watermark={variant ?? 'studio'} size="sm" />}
              />
            )}
          </HStack>
        </HStack>
      )}
      {src && kind === 'image' && <UpscaleAction imageUrl={src} name={label} />}
      {downloads && <DownloadNote where="studio" noteId={noteId} />}
      {src && kind !== 'audio' && <PreviewDialog open={previewOpen} onClose={() => setPreviewOpen(false)} kind={kind} src={src} alt={label} />}
    </Stack>
  );
}
