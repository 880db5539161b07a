import { Button, CloseButton, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useEffect, useId } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { create } from 'zustand';
import { UPSCALE_FACTORS, type UpscaleFactor } from '../../../contract/studio';
import { generationCall } from '../../api/studio';
import { StudioSessionKey } from '../../lib/studioSessionKeys';
import { getSession, SessionKey } from '../../lib/session';
import { CAPABILITY_UNAVAILABLE } from '../../../contract/health';
import { useCapabilityUnavailable } from '../availability';
import { withTimestamp } from '../results';
import { resumeGeneration, startGeneration, useStudioSlot, useStudioStore } from '../studioStore';
import { UpscaleCompare } from './UpscaleCompare';

const SLOT = StudioSessionKey.upscale;

/** The picture the last upscale was asked for here and its scale, so only its own action shows how it goes. */
const useLastUpscale = create<{ source: string | null; scale: UpscaleFactor | null }>(() => ({ source: null, scale: null }));

/** A picture's URL without the page's ?t= time stamp: the same picture whichever view shows it. */
const pathOf = (url: string) => url.replace(/\?.*$/, '');

interface UpscaleActionProps {
  /** The user's generated picture (a face, image, cloth swap or earlier upscale). */
  imageUrl: string;
  /** What the picture is, for the buttons' names: 'Image 3', 'Cloth swap result'. */
  name: string;
  size?: 'xs' | 'sm';
}

/**
 * Upscale 2x / 4x of a generated picture (issue 31): one job at a time (one studio slot), its
 * progress and outcome shown under the picture it was started from; the result joins the
 * gallery's images, marked as upscaled with its source.
 */
export function UpscaleAction({ imageUrl, name, size = 'sm' }: UpscaleActionProps) {
  // Many pictures show this action (the gallery): each only reads whether the slot is busy; the
  // one the upscale was started from follows it (UpscaleStatus).
  useEffect(() => resumeGeneration(SLOT), []);
  const busy = useStudioStore((s) => s.running[SLOT] !== undefined);
  const mine = useLastUpscale((s) => s.source === pathOf(imageUrl));
  const unavailable = useCapabilityUnavailable('upscale');
  const labelId = useId();
  const start = (scale: UpscaleFactor) => {
    useLastUpscale.setState({ source: pathOf(imageUrl), scale });
    void startGeneration(SLOT, async () => generationCall('/upscale/', { user_id: getSession(SessionKey.userId) ?? '', image_url: pathOf(imageUrl), scale }));
  };
  return (
    <Stack gap="1">
      <HStack gap="2" role="group" aria-labelledby={labelId}>
        <Text id={labelId} fontSize={size} fontWeight="medium">
          Upscale
        </Text>
        {UPSCALE_FACTORS.map((scale) => (
          <Button key={scale} size={size} variant="outline" disabled={busy || unavailable} title={unavailable ? CAPABILITY_UNAVAILABLE : undefined} aria-label={`Upscale ${name.toLowerCase()} ${scale}x`} onClick={() => start(scale)}>
            {scale}x
          </Button>
        ))}
      </HStack>
      {mine && <UpscaleStatus name={name} />}
    </Stack>
  );
}

/** How the upscale started here goes: its percentage, its failure (with Close), or its result beside its source and where it went. */
function UpscaleStatus({ name }: { name: string }) {
  const { running, result, percent, notice, closeNotice } = useStudioSlot(SLOT, 'upscale', 'upscale');
  const scale = useLastUpscale((s) => s.scale);
  const source = useLastUpscale((s) => s.source);
  if (running) {
    return (
      <Text fontSize="xs" role="status">
        Upscaling {scale}x... {percent}%
      </Text>
    );
  }
  if (notice) {
    return (
      <HStack gap="1" role="alert" fontSize="xs">
        <Text color="fg.error">{notice.message}</Text>
        <CloseButton size="2xs" aria-label="Close the upscale message" onClick={closeNotice} />
      </HStack>
    );
  }
  if (!result) return null;
  return (
    <Stack gap="2">
      <Text fontSize="xs" role="status">
        Upscaled {scale}x: added to the images of your{' '}
        <Link asChild color="brand.300">
          <RouterLink to="/gallery">gallery</RouterLink>
        </Link>
        .
      </Text>
      {source && <UpscaleCompare before={source} after={withTimestamp(result.url, result.at)} scale={scale} name={name} />}
    </Stack>
  );
}
