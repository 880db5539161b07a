import { PageSection } from '../../app/ui/PageSection';
import { PageTitle } from '../../app/ui/PageTitle';

/** Cloth Swap (/clothSwap). The screen's content plugs in below the title. */
export default function ClothSwapPage() {
  return (
    <PageSection maxW="7xl" py={{ base: 6, md: 10 }}>
      <PageTitle title="Cloth Swap" />
    </PageSection>
  );
}
