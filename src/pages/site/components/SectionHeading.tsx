import { Heading, Stack, Text, type StackProps } from '@chakra-ui/react';
import { HighlightedTitle } from '../../../app/ui/GradientText';

interface SectionHeadingProps extends Omit<StackProps, 'title'> {
  title: string;
  /** Highlighted part after the title (the spec's 'gradianttitle'). */
  highlight?: string;
  subtitle?: string;
  id?: string;
  as?: 'h2' | 'h3';
}

/** A section's heading: plain title, gradient part, muted subtitle. */
export function SectionHeading({ title, highlight, subtitle, id, as = 'h2', ...rest }: SectionHeadingProps) {
  return (
    <Stack gap="3" {...rest}>
      <Heading as={as} id={id} fontSize={{ base: '2xl', md: '4xl' }} lineHeight="1.15" letterSpacing="-0.02em" fontWeight="bold">
        <HighlightedTitle title={title} highlight={highlight} />
      </Heading>
      {subtitle ? (
        <Text color="fg.muted" fontSize={{ base: 'md', md: 'lg' }} maxW="2xl" mx={rest.textAlign === 'center' ? 'auto' : undefined}>
          {subtitle}
        </Text>
      ) : null}
    </Stack>
  );
}
