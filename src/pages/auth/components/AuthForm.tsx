import { chakra, type HTMLChakraProps } from '@chakra-ui/react';
import { useRef } from 'react';
import { useEarlySubmit } from '../../../lib/earlySubmit';

/**
 * A form laid out as a vertical stack; the browser's own validation bubbles are off (ours are
 * inline). Sent before the page's code ran, it is held and sent once the form is live.
 */
export function AuthForm(props: HTMLChakraProps<'form'>) {
  const form = useRef<HTMLFormElement>(null);
  const early = useEarlySubmit(form);
  return <chakra.form ref={form} display="flex" flexDirection="column" gap="5" noValidate {...early} {...props} />;
}
