import { Container, type ContainerProps } from '@chakra-ui/react';

/** The standard page gutter and width: phone first, widened on larger screens. */
export function PageSection(props: ContainerProps) {
  return <Container maxW="6xl" px={{ base: 4, md: 8 }} py={{ base: 8, md: 14 }} {...props} />;
}
