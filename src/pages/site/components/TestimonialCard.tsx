import { Box, HStack, Stack, Text, type StackProps } from '@chakra-ui/react';
import type { Testimonial } from '../../../content/types';
import { initials } from '../../../content/text';
import { accentLabelGradient } from '../../../theme/accent';
import { StarRating } from './StarRating';

/** One testimonial: initials avatar, name, role, stars, title and description. */
export function TestimonialCard({ t, ...rest }: { t: Testimonial } & StackProps) {
  return (
    <Stack
      gap="4"
      p={{ base: 5, md: 6 }}
      rounded="2xl"
      bg="bg.panel"
      borderWidth="1px"
      borderColor="border.muted"
      boxShadow="0 20px 40px -24px rgba(0,0,0,0.8)"
      {...rest}
    >
      <HStack gap="3">
        <Box
          aria-hidden
          flexShrink={0}
          display="grid"
          placeItems="center"
          w="11"
          h="11"
          rounded="full"
          bgImage={accentLabelGradient}
          color="white"
          fontWeight="bold"
          fontSize="sm"
          data-testid="initials"
        >
          {initials(t.name)}
        </Box>
        <Box minW="0">
          <Text fontWeight="semibold" lineClamp={1}>
            {t.name}
          </Text>
          <Text fontSize="xs" color="fg.subtle" lineClamp={1}>
            {t.role}
          </Text>
        </Box>
      </HStack>
      <StarRating count={t.stars} />
      <Text as="h3" fontWeight="semibold" fontSize="md">
        {t.title}
      </Text>
      <Text color="fg.muted" fontSize="sm" lineHeight="1.6">
        {t.description}
      </Text>
    </Stack>
  );
}
