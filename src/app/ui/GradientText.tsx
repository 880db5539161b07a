import { chakra, type HTMLChakraProps } from '@chakra-ui/react';
import { gradientTextStyle } from '../../theme/accent';

/** Inline text painted with the accent gradient (the spec's 'gradianttitle' parts). */
export function GradientText(props: HTMLChakraProps<'span'>) {
  return <chakra.span css={gradientTextStyle} {...props} />;
}
