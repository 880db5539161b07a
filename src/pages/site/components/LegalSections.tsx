import { Box, Heading, Link, Stack, Text } from '@chakra-ui/react';
import type { RichParagraph } from '../../../content/types';
import { ContentLinkView } from './ContentLinkView';

export interface LegalSection {
  id: string;
  heading: string;
  paragraphs: readonly RichParagraph[];
}

/** A paragraph's runs: text as written, links as content links, commands as inline code. */
function Runs({ paragraph }: { paragraph: RichParagraph }) {
  if (typeof paragraph === 'string') return paragraph;
  return paragraph.map((run, i) =>
    typeof run === 'string' ? (
      run
    ) : 'code' in run ? (
      <Box as="code" key={i} fontFamily="mono" fontSize="0.875em" color="fg" bg="bg.muted" px="1" py="0.5" rounded="sm" overflowWrap="anywhere">
        {run.code}
      </Box>
    ) : (
      <ContentLinkView key={i} link={run} />
    ),
  );
}

/** A table of contents and the sections of a legal page, each with an anchor. */
export function LegalSections({ sections, updated }: { sections: readonly LegalSection[]; updated: string }) {
  return (
    <Stack gap={{ base: 8, md: 10 }} mt={{ base: 8, md: 12 }} direction={{ base: 'column', lg: 'row' }} align="flex-start">
      <Box as="nav" aria-label="Sections" position={{ lg: 'sticky' }} top={{ lg: '24' }} w={{ base: '100%', lg: '64' }} flexShrink={0} p="5" rounded="2xl" bg="bg.subtle" borderWidth="1px" borderColor="border.muted">
        <Text fontSize="xs" fontWeight="semibold" letterSpacing="0.12em" textTransform="uppercase" color="fg.subtle" mb="3">
          On this page
        </Text>
        <Stack as="ol" gap="2" listStyleType="none" fontSize="sm">
          {sections.map((s) => (
            <li key={s.id}>
              <Link href={`#${s.id}`} color="fg.muted" _hover={{ color: 'fg' }}>
                {s.heading}
              </Link>
            </li>
          ))}
        </Stack>
      </Box>
      <Stack gap="10" flex="1" minW="0" maxW="3xl">
        {sections.map((s) => (
          <Box as="section" key={s.id} id={s.id} aria-labelledby={`${s.id}-h`} scrollMarginTop="24">
            <Heading as="h2" id={`${s.id}-h`} fontSize={{ base: 'xl', md: '2xl' }} mb="4">
              {s.heading}
            </Heading>
            <Stack gap="3">
              {s.paragraphs.map((p, i) => (
                <Text key={i} color="fg.muted" lineHeight="1.75">
                  <Runs paragraph={p} />
                </Text>
              ))}
            </Stack>
          </Box>
        ))}
        <Text fontSize="sm" color="fg.subtle">
          Last updated {new Date(updated).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })}
        </Text>
      </Stack>
    </Stack>
  );
}
