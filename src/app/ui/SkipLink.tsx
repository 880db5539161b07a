import { Link } from '@chakra-ui/react';

/** The id of each layout's <main>, the skip link's target. */
export const MAIN_CONTENT_ID = 'main-content';

/** 'Skip to content': the first tab stop, visible only when focused. */
export function SkipLink({ target = MAIN_CONTENT_ID }: { target?: string }) {
  return (
    <Link
      href={`#${target}`}
      position="absolute"
      left="3"
      top="-20"
      zIndex="skipNav"
      px="4"
      py="2"
      rounded="l2"
      bg="bg.panel"
      color="fg"
      borderWidth="1px"
      borderColor="brand.fg"
      _focusVisible={{ top: '3' }}
    >
      Skip to content
    </Link>
  );
}
