import { chakra, type HTMLChakraProps } from '@chakra-ui/react';
import { gradientTextStyle } from '../../theme/accent';

/** Inline text painted with the accent gradient (the spec's 'gradianttitle' parts). */
export function GradientText(props: HTMLChakraProps<'span'>) {
  return <chakra.span css={gradientTextStyle} {...props} />;
}

/** A title followed by its highlighted part, when there is one (title + 'gradianttitle'). */
export function HighlightedTitle({ title, highlight }: { title: string; highlight?: string }) {
  return (
    <>
      {title}
      {highlight ? (
        <>
          {' '}
          <GradientText>{highlight}</GradientText>
        </>
      ) : null}
    </>
  );
}
