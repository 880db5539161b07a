import { Box, type BoxProps } from '@chakra-ui/react';
import { SparkleIcon } from '../../app/icons/StudioIcons';

/** The label's words: results, the gallery, the preview and the share sheet all say the same. */
export const AI_GENERATED = 'AI-generated';

/**
 * 'AI-generated' beside a result, a gallery item or a shared item (issue 26): visible text, not only
 * an icon, so screen readers read it in order. Give it an `id` and point the media's
 * aria-describedby at it to have the media announced with it.
 */
export function AiGeneratedLabel(props: Omit<BoxProps, 'children'>) {
  return (
    <Box
      as="span"
      display="inline-flex"
      alignItems="center"
      gap="1"
      px="2"
      py="0.5"
      rounded="full"
      fontSize="xs"
      fontWeight="semibold"
      lineHeight="1.4"
      whiteSpace="nowrap"
      color="brand.fg"
      bg="brand.subtle"
      borderWidth="1px"
      borderColor="brand.muted"
      {...props}
    >
      <SparkleIcon size="1em" />
      {AI_GENERATED}
    </Box>
  );
}
