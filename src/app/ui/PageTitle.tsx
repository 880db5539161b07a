import { Heading, type HeadingProps } from '@chakra-ui/react';
import { usePageTitle } from '../usePageTitle';
import { HighlightedTitle } from './GradientText';

interface PageTitleProps extends Omit<HeadingProps, 'title' | 'children'> {
  /** Plain part of the title; also sets document.title. */
  title: string;
  /** Optional highlighted part, painted with the accent gradient after the plain part. */
  highlight?: string;
}

/** The page's one <h1>, which also names the browser tab. */
export function PageTitle({ title, highlight, ...rest }: PageTitleProps) {
  usePageTitle(highlight ? `${title} ${highlight}` : title);
  return (
    <Heading as="h1" fontSize={{ base: '3xl', md: '5xl' }} lineHeight="1.1" letterSpacing="-0.02em" fontWeight="bold" {...rest}>
      <HighlightedTitle title={title} highlight={highlight} />
    </Heading>
  );
}
