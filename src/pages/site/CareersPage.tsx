import { Badge, Button, Heading, HStack, List, SimpleGrid, Stack, Text, Wrap } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import { AccentButton } from '../../app/ui/AccentButton';
import { PageSection } from '../../app/ui/PageSection';
import { applyMailUrl, CAREERS_IMAGE, CAREERS_PAGE, JOBS } from '../../content/jobs';
import type { Job } from '../../content/types';
import { MediaImage } from './components/MediaImage';
import { Highlighted, PageHero } from './components/PageHero';

const JobDialog = lazy(() => import('./careers/JobDialog').then((m) => ({ default: m.JobDialog })));

/** Apply: a compose window to the HR mailbox, subject 'Application for the position of {title}'. */
function apply(job: Job) {
  window.open(applyMailUrl(job.title), '_blank', 'noopener');
}

/** Careers (/careers): seven job cards with Apply and Job Description. */
export default function CareersPage() {
  const [open, setOpen] = useState<Job | null>(null);
  const [everOpened, setEverOpened] = useState(false);
  return (
    <PageSection>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap={{ base: 8, lg: 14 }} alignItems="center">
        <PageHero title="Careers" headline={<Highlighted title={CAREERS_PAGE.title} highlight={CAREERS_PAGE.gradianttitle} />} intro={CAREERS_PAGE.intro} />
        <MediaImage {...CAREERS_IMAGE} rounded="2xl" borderWidth="1px" borderColor="border.muted" />
      </SimpleGrid>

      <Stack as="section" aria-labelledby="perks-title" mt="12" p={{ base: 5, md: 8 }} rounded="2xl" bg="bg.subtle" borderWidth="1px" borderColor="border.muted">
        <Heading as="h2" id="perks-title" fontSize="xl">
          Why you will like it here
        </Heading>
        <List.Root ps="5" gap="1.5" color="fg.muted">
          {CAREERS_PAGE.perks.map((p) => (
            <List.Item key={p}>{p}</List.Item>
          ))}
        </List.Root>
      </Stack>

      <Heading as="h2" fontSize={{ base: '2xl', md: '3xl' }} mt="14" mb="6">
        Open positions
      </Heading>
      <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: 2, xl: 3 }} gap="5">
        {JOBS.map((job) => (
          <Stack as="li" key={job.id} gap="4" p="6" rounded="2xl" bg="bg.panel" borderWidth="1px" borderColor="border.muted" aria-label={job.title}>
            <Heading as="h3" fontSize="xl">
              {job.title}
            </Heading>
            <HStack as="dl" gap="5" fontSize="sm" flexWrap="wrap">
              <Stack gap="0">
                <Text as="dt" fontSize="xs" color="fg.subtle">Location</Text>
                <Text as="dd" color="fg.muted">{job.location}</Text>
              </Stack>
              <Stack gap="0">
                <Text as="dt" fontSize="xs" color="fg.subtle">Experience</Text>
                <Text as="dd" color="fg.muted">{job.experience}</Text>
              </Stack>
            </HStack>
            <Wrap gap="2">
              {job.skills.map((s) => (
                <Badge key={s} variant="subtle" rounded="full" px="2.5">
                  {s}
                </Badge>
              ))}
            </Wrap>
            <HStack gap="3" mt="auto" pt="2">
              <AccentButton rounded="full" size="sm" px="5" onClick={() => apply(job)} aria-label={`Apply for ${job.title}`}>
                {CAREERS_PAGE.applyLabel}
              </AccentButton>
              <Button
                variant="outline"
                rounded="full"
                size="sm"
                borderColor="border.emphasized"
                color="fg"
                aria-label={`Job Description: ${job.title}`}
                onClick={() => {
                  setEverOpened(true);
                  setOpen(job);
                }}
              >
                {CAREERS_PAGE.descriptionLabel}
              </Button>
            </HStack>
          </Stack>
        ))}
      </SimpleGrid>
      <Text mt="10" color="fg.muted">
        {CAREERS_PAGE.noRoleText}
      </Text>
      {everOpened ? (
        <Suspense fallback={null}>
          <JobDialog job={open} onClose={() => setOpen(null)} onApply={apply} />
        </Suspense>
      ) : null}
    </PageSection>
  );
}
