import { Badge, CloseButton, Dialog, Heading, HStack, List, Portal, Stack, Text, Wrap } from '@chakra-ui/react';
import type { Job } from '../../../content/types';
import { AccentButton } from '../../../app/ui/AccentButton';
import { CAREERS_PAGE } from '../../../content/jobs';

interface JobDialogProps {
  job: Job | null;
  onClose: () => void;
  onApply: (job: Job) => void;
}

/** The Job Description modal: page scrolling is locked while it is open; Escape closes it. */
export function JobDialog({ job, onClose, onApply }: JobDialogProps) {
  return (
    <Dialog.Root open={job !== null} onOpenChange={(e) => (e.open ? undefined : onClose())} size={{ base: 'full', md: 'lg' }} scrollBehavior="inside" preventScroll>
      <Portal>
        <Dialog.Backdrop bg="rgba(5, 5, 10, 0.75)" backdropFilter="blur(4px)" />
        <Dialog.Positioner>
          <Dialog.Content bg="bg.panel" borderWidth="1px" borderColor="border.emphasized" rounded={{ md: '2xl' }}>
            {job ? (
              <>
                <Dialog.Header pe="14">
                  <Dialog.Title asChild>
                    <Heading as="h2" fontSize="2xl">
                      {job.title}
                    </Heading>
                  </Dialog.Title>
                </Dialog.Header>
                <Dialog.Body>
                  <Stack gap="5">
                    <Text color="fg.muted" lineHeight="1.7">
                      {job.description}
                    </Text>
                    <HStack gap="6" flexWrap="wrap" fontSize="sm">
                      <Text>
                        <Text as="span" color="fg.subtle">Location: </Text>
                        {job.location}
                      </Text>
                      <Text>
                        <Text as="span" color="fg.subtle">Experience: </Text>
                        {job.experience}
                      </Text>
                    </HStack>
                    <Stack gap="2">
                      <Heading as="h3" fontSize="md">Skills</Heading>
                      <Wrap gap="2">
                        {job.skills.map((s) => (
                          <Badge key={s} variant="subtle" rounded="full" px="3" py="1">
                            {s}
                          </Badge>
                        ))}
                      </Wrap>
                    </Stack>
                    {job.roles.map((r) => (
                      <Stack key={r.rolestitle} gap="2">
                        <Heading as="h3" fontSize="md">
                          {r.rolestitle}
                        </Heading>
                        <List.Root ps="5" gap="1.5" color="fg.muted">
                          {r.rolesData.map((d) => (
                            <List.Item key={d}>{d}</List.Item>
                          ))}
                        </List.Root>
                      </Stack>
                    ))}
                  </Stack>
                </Dialog.Body>
                <Dialog.Footer>
                  <AccentButton rounded="full" onClick={() => onApply(job)}>
                    {CAREERS_PAGE.applyLabel}
                  </AccentButton>
                </Dialog.Footer>
                <Dialog.CloseTrigger asChild>
                  <CloseButton aria-label="Close job description" />
                </Dialog.CloseTrigger>
              </>
            ) : null}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
