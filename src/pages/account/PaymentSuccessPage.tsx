import { PageSection } from '../../app/ui/PageSection';
import { PageTitle } from '../../app/ui/PageTitle';

/** Payment (/paymentSuccess). The screen's content plugs in below the title. */
export default function PaymentSuccessPage() {
  return (
    <PageSection maxW="7xl" py={{ base: 6, md: 10 }}>
      <PageTitle title="Payment" />
    </PageSection>
  );
}
