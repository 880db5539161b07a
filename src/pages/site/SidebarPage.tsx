import { VisuallyHidden } from '@chakra-ui/react';
import { usePageTitle } from '../../app/usePageTitle';

/** /sidebar: the signed-in sidebar layout on its own (the spec lists it as a public route). */
export default function SidebarPage() {
  usePageTitle('Sidebar');
  return (
    <VisuallyHidden asChild>
      <h1>Sidebar</h1>
    </VisuallyHidden>
  );
}
