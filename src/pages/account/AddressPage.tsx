import { PageSection } from '../../app/ui/PageSection';
import { PageTitle } from '../../app/ui/PageTitle';

/** Billing Address (/address). The screen's content plugs in below the title. */
export default function AddressPage() {
  return (
    <PageSection maxW="7xl" py={{ base: 6, md: 10 }}>
      <PageTitle title="Billing Address" />
    </PageSection>
  );
}
