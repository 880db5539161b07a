import { Flex, VisuallyHidden } from '@chakra-ui/react';
import { usePageTitle } from '../../app/usePageTitle';
import { PublicFooter } from '../../app/layouts/PublicFooter';

/** /footer: the public footer on its own (the spec lists it as a route). */
export default function FooterPage() {
  usePageTitle('Footer');
  return (
    <Flex direction="column" minH="100dvh" justify="flex-end">
      <VisuallyHidden asChild>
        <h1>Footer</h1>
      </VisuallyHidden>
      <PublicFooter />
    </Flex>
  );
}
