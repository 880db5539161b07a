import { Box, Button, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { brand } from '../../theme/palette';
import { PreviewDialog } from './PreviewDialog';

/** "1536 × 2048, 2×": an upscale's pixels and how many times larger it is. */
export const upscaleSize = (width: number, height: number, scale: number | null) => `${width} × ${height}${scale ? `, ${scale}×` : ''}`;

interface UpscaleCompareProps {
  /** The picture it was made from, and the upscale. */
  before: string;
  after: string;
  scale: number | null;
  /** What the picture is ('Generated face'), for labels. */
  name: string;
}

const label = { position: 'absolute', top: '2', px: '2', py: '0.5', rounded: 'md', bg: 'blackAlpha.700', color: 'white', fontSize: 'xs', fontWeight: 'semibold', pointerEvents: 'none' } as const;

/**
 * An upscale's result (issue 45) as a before/after comparison: the source on the left of the
 * divide, the upscale on the right, moved by a labelled range input (arrow keys, Home, End, or a
 * drag); under it the upscale's size as measured from the file, and its source opened in the app.
 */
export function UpscaleCompare({ before, after, scale, name }: UpscaleCompareProps) {
  const [split, setSplit] = useState(50);
  const [size, setSize] = useState<{ w: number; h: number } | null>(null);
  const [sourceOpen, setSourceOpen] = useState(false);
  const sliderId = useId();
  const lower = name.toLowerCase();
  return (
    <Stack as="figure" gap="2" m="0" aria-label={`Upscaled ${lower}: before and after`}>
      <Box position="relative" rounded="lg" overflow="hidden" bg="black" aspectRatio={size ? `${size.w} / ${size.h}` : '1'} w="full" mx="auto" maxW={`calc(28rem * ${size ? size.w / size.h : 1})`}>
        <img
          src={after}
          alt={`Upscaled ${lower}`}
          onLoad={(e) => setSize({ w: e.currentTarget.naturalWidth, h: e.currentTarget.naturalHeight })}
          style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'contain' }}
        />
        <img
          src={before}
          alt={`${name} before the upscale`}
          style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'contain', clipPath: `inset(0 ${100 - split}% 0 0)` }}
        />
        <Box position="absolute" top="0" bottom="0" left={`${split}%`} w="2px" ms="-1px" bg="white" boxShadow="0 0 0 1px rgba(0,0,0,0.5)" pointerEvents="none" aria-hidden="true" />
        <Text {...label} left="2" aria-hidden="true">
          Before
        </Text>
        <Text {...label} right="2" aria-hidden="true">
          After
        </Text>
      </Box>
      <Stack gap="1">
        <label htmlFor={sliderId}>
          <Text as="span" fontSize="xs" fontWeight="medium">
            Compare before and after
          </Text>
        </label>
        <input
          id={sliderId}
          type="range"
          min={0}
          max={100}
          step={1}
          value={split}
          aria-valuetext={`${split}% before, ${100 - split}% after`}
          onChange={(e) => setSplit(Number(e.target.value))}
          style={{ width: '100%', accentColor: brand[500] }}
        />
      </Stack>
      <Flex as="figcaption" gap="2" align="center" justify="space-between" flexWrap="wrap">
        <Text fontSize="sm" fontWeight="semibold" data-testid="upscale-size">
          {size ? upscaleSize(size.w, size.h, scale) : scale ? `${scale}×` : ''}
        </Text>
        <HStack gap="2">
          <Button size="xs" variant="outline" onClick={() => setSourceOpen(true)} aria-label={`Open its source (${lower} before the upscale)`}>
            Open its source
          </Button>
        </HStack>
      </Flex>
      <PreviewDialog open={sourceOpen} onClose={() => setSourceOpen(false)} kind="image" src={before} alt={`${name} before the upscale`} />
    </Stack>
  );
}
