import { Box, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import type { FaqItem } from '../../../content/types';
import { ContentLinkView } from './ContentLinkView';

/** FAQ accordion: one item open at a time; clicking the open item closes it (spec 000 §2). */
export function FaqAccordion({ items, headingLevel = 3 }: { items: readonly FaqItem[]; headingLevel?: 2 | 3 }) {
  const [open, setOpen] = useState<number | null>(null);
  const base = useId();
  const H = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <Stack gap="3">
      {items.map((item, i) => {
        const expanded = open === i;
        const buttonId = `${base}-q${i}`;
        const panelId = `${base}-a${i}`;
        return (
          <Box
            key={item.question}
            rounded="l3"
            borderWidth="1px"
            borderColor={expanded ? 'brand.emphasized' : 'border.muted'}
            bg={expanded ? 'bg.panel' : 'bg.subtle'}
            transition="border-color 0.2s, background 0.2s"
          >
            <Box as={H} m="0" fontSize="inherit">
              <Box
                as="button"
                id={buttonId}
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => setOpen(expanded ? null : i)}
                display="flex"
                w="100%"
                alignItems="center"
                justifyContent="space-between"
                gap="4"
                textAlign="start"
                px={{ base: 4, md: 6 }}
                py={{ base: 4, md: 5 }}
                fontWeight="semibold"
                fontSize={{ base: 'md', md: 'lg' }}
                cursor="pointer"
                rounded="l3"
              >
                <span>{item.question}</span>
                <Box
                  as="span"
                  aria-hidden
                  flexShrink={0}
                  display="grid"
                  placeItems="center"
                  w="8"
                  h="8"
                  rounded="full"
                  bg={expanded ? 'brand.solid' : 'bg.emphasized'}
                  color="white"
                  fontSize="lg"
                  lineHeight="1"
                  transition="transform 0.2s, background 0.2s"
                  transform={expanded ? 'rotate(45deg)' : undefined}
                >
                  +
                </Box>
              </Box>
            </Box>
            <Box id={panelId} role="region" aria-labelledby={buttonId} hidden={!expanded} px={{ base: 4, md: 6 }} pb="5">
              <Text color="fg.muted">{item.answer}</Text>
              {item.link ? (
                <Text mt="3">
                  <ContentLinkView link={item.link} />
                </Text>
              ) : null}
            </Box>
          </Box>
        );
      })}
    </Stack>
  );
}
