import { Box, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { FEATURE_TABS, FEATURES_SECTION } from '../../../content/home';
import { PageSection } from '../../../app/ui/PageSection';
import { accentLabelGradient } from '../../../theme/accent';
import { LoopVideo } from '../components/LoopVideo';
import { MediaImage } from '../components/MediaImage';
import { SectionHeading } from '../components/SectionHeading';

const LAST = FEATURE_TABS.length - 1;

/** 'Explore Features': five tabs (vertical on wide screens, a scrolling row on phones). */
export function FeatureTabs() {
  const [selected, setSelected] = useState(0);
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);
  const base = useId();

  function focusTab(i: number) {
    setSelected(i);
    tabs.current[i]?.focus();
  }

  function onKeyDown(e: KeyboardEvent) {
    const moves: Record<string, number> = {
      ArrowDown: selected + 1,
      ArrowRight: selected + 1,
      ArrowUp: selected - 1,
      ArrowLeft: selected - 1,
      Home: 0,
      End: LAST,
    };
    if (!(e.key in moves)) return;
    e.preventDefault();
    focusTab((moves[e.key] + FEATURE_TABS.length) % FEATURE_TABS.length);
  }

  const tab = FEATURE_TABS[selected];
  return (
    <Box as="section" aria-labelledby="features-title">
      <PageSection>
        <SectionHeading id="features-title" title={FEATURES_SECTION.title.replace(/\s*Features$/, '')} highlight="Features" subtitle={FEATURES_SECTION.subtitle} textAlign="center" align="center" mb={{ base: 8, md: 12 }} />
        <Flex direction={{ base: 'column', lg: 'row' }} gap={{ base: 6, lg: 10 }} align="stretch">
          <Flex
            role="tablist"
            aria-label="Features"
            aria-orientation="vertical"
            direction={{ base: 'row', lg: 'column' }}
            gap="2"
            // Phones: the tabs wrap onto a second line (a row cut at the edge hid that it scrolled).
            flexWrap={{ base: 'wrap', lg: 'nowrap' }}
            justify={{ base: 'center', lg: 'flex-start' }}
            flexShrink={0}
            w={{ lg: '72' }}
            onKeyDown={onKeyDown}
          >
            {FEATURE_TABS.map((t, i) => {
              const active = i === selected;
              return (
                <Box
                  as="button"
                  key={t.id}
                  ref={(el: HTMLButtonElement | null) => {
                    tabs.current[i] = el;
                  }}
                  role="tab"
                  id={`${base}-tab-${t.id}`}
                  aria-selected={active}
                  aria-controls={`${base}-panel`}
                  tabIndex={active ? 0 : -1}
                  onClick={() => setSelected(i)}
                  flexShrink={0}
                  textAlign="start"
                  whiteSpace="nowrap"
                  px={{ base: 4, lg: 5 }}
                  py={{ base: 2.5, lg: 4 }}
                  rounded={{ base: 'full', lg: 'xl' }}
                  fontWeight="semibold"
                  fontSize={{ base: 'sm', lg: 'md' }}
                  cursor="pointer"
                  borderWidth="1px"
                  borderColor={active ? 'transparent' : 'border.muted'}
                  bgImage={active ? accentLabelGradient : undefined}
                  bg={active ? undefined : 'bg.subtle'}
                  color={active ? 'white' : 'fg.muted'}
                  _hover={active ? undefined : { color: 'fg', borderColor: 'border.emphasized' }}
                  transition="color 0.2s, border-color 0.2s"
                >
                  {t.title}
                </Box>
              );
            })}
          </Flex>
          <Flex
            role="tabpanel"
            id={`${base}-panel`}
            aria-labelledby={`${base}-tab-${tab.id}`}
            tabIndex={0}
            flex="1"
            direction={{ base: 'column', md: 'row' }}
            gap={{ base: 6, md: 8 }}
            p={{ base: 4, md: 8 }}
            rounded="2xl"
            bg="bg.subtle"
            borderWidth="1px"
            borderColor="border.muted"
            align={{ md: 'center' }}
          >
            <Stack gap="4" flex="1" minW="0">
              <Text fontSize="xs" fontWeight="semibold" letterSpacing="0.12em" textTransform="uppercase" color="brand.fg">
                {tab.title}
              </Text>
              <Heading as="h3" fontSize={{ base: 'xl', md: '3xl' }} lineHeight="1.2">
                {tab.heading}
              </Heading>
              <Text color="fg.muted" fontSize={{ base: 'md', md: 'lg' }}>
                {tab.description}
              </Text>
            </Stack>
            <Box flex={{ md: '0 0 42%' }} w={{ base: '100%', md: 'auto' }} maxW={{ base: '300px', md: 'none' }} mx={{ base: 'auto', md: 0 }}>
              {tab.preview.kind === 'video' ? (
                <LoopVideo
                  key={tab.id}
                  src={tab.preview.src}
                  poster={tab.preview.poster ?? ''}
                  label={tab.preview.alt}
                  width={tab.preview.width}
                  height={tab.preview.height}
                  lazy={false}
                  rounded="xl"
                />
              ) : (
                <MediaImage key={tab.id} {...tab.preview} rounded="xl" />
              )}
            </Box>
          </Flex>
        </Flex>
      </PageSection>
    </Box>
  );
}
