import { Box, Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';
import type { FaqItem } from '../../../content/types';
import { ContentLinkView } from './ContentLinkView';

/**
 * FAQ accordion: one item open at a time; clicking the open item closes it (spec 000 §2).
 * Native <details name> elements: the browser opens and closes them, so a click works in the
 * prerendered page before this block's code has loaded (issue 14), and one group name keeps a
 * single item open.
 */
export function FaqAccordion({ items, headingLevel = 3 }: { items: readonly FaqItem[]; headingLevel?: 2 | 3 }) {
  const group = useId();
  const H = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <Stack gap="3">
      {items.map((item) => (
        <Box
          as="details"
          key={item.question}
          {...{ name: group }}
          rounded="l3"
          borderWidth="1px"
          borderColor="border.muted"
          bg="bg.subtle"
          transition="border-color 0.2s, background 0.2s"
          css={{
            '&[open]': { borderColor: 'brand.emphasized', bg: 'bg.panel' },
            '&[open] [data-faq-icon]': { transform: 'rotate(45deg)', bg: 'brand.solid' },
          }}
        >
          <Box
            as="summary"
            display="flex"
            alignItems="center"
            justifyContent="space-between"
            gap="4"
            px={{ base: 4, md: 6 }}
            py={{ base: 4, md: 5 }}
            cursor="pointer"
            rounded="l3"
            listStyleType="none"
            css={{ '&::-webkit-details-marker': { display: 'none' } }}
          >
            <Box as={H} m="0" fontWeight="semibold" fontSize={{ base: 'md', md: 'lg' }}>
              {item.question}
            </Box>
            <Box
              as="span"
              aria-hidden
              data-faq-icon=""
              flexShrink={0}
              display="grid"
              placeItems="center"
              w="8"
              h="8"
              rounded="full"
              bg="bg.emphasized"
              color="white"
              fontSize="lg"
              lineHeight="1"
              transition="transform 0.2s, background 0.2s"
            >
              +
            </Box>
          </Box>
          <Box px={{ base: 4, md: 6 }} pb="5">
            <Text color="fg.muted">{item.answer}</Text>
            {item.link ? (
              <Text mt="3">
                <ContentLinkView link={item.link} />
              </Text>
            ) : null}
          </Box>
        </Box>
      ))}
    </Stack>
  );
}
