import { chakra, type HTMLChakraProps } from '@chakra-ui/react';

/** A form laid out as a vertical stack; the browser's own validation bubbles are off (ours are inline). */
export function AuthForm(props: HTMLChakraProps<'form'>) {
  return <chakra.form display="flex" flexDirection="column" gap="5" noValidate {...props} />;
}
