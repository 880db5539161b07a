import { Box, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { useId } from 'react';
import { AiGeneratedLabel } from './AiGeneratedLabel';

interface PreviewDialogProps {
  open: boolean;
  onClose: () => void;
  kind: 'image' | 'video';
  src: string;
  alt: string;
}

/** The full-size preview (the spec's magnifier modal): an image, or a video with controls, labelled 'AI-generated'. */
export function PreviewDialog({ open, onClose, kind, src, alt }: PreviewDialogProps) {
  const labelId = `${useId()}-ai`;
  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} placement="center" size="xl">
      <Portal>
        <Dialog.Backdrop backdropFilter="blur(6px)" />
        <Dialog.Positioner px="3">
          <Dialog.Content bg="bg.panel" rounded="2xl" overflow="hidden" aria-label={alt} maxW="min(92vw, 960px)">
            <Dialog.CloseTrigger asChild>
              <CloseButton aria-label="Close preview" size="sm" variant="solid" position="absolute" top="2" right="2" zIndex="1" rounded="full" />
            </Dialog.CloseTrigger>
            <Box bg="black" display="flex" justifyContent="center">
              {kind === 'image' ? (
                <img src={src} alt={alt} aria-describedby={labelId} style={{ maxHeight: '85dvh', width: 'auto', maxWidth: '100%', objectFit: 'contain' }} />
              ) : (
                <video src={src} controls autoPlay playsInline aria-label={alt} aria-describedby={labelId} style={{ maxHeight: '85dvh', maxWidth: '100%' }} />
              )}
            </Box>
            <Box px="3" py="2">
              <AiGeneratedLabel id={labelId} />
            </Box>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
