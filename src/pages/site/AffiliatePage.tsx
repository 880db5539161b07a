import { PageSection } from '../../app/ui/PageSection';
import { PageTitle } from '../../app/ui/PageTitle';

/** Affiliate (/affiliate). The screen's content plugs in below the title. */
export default function AffiliatePage() {
  return (
    <PageSection>
      <PageTitle title="Affiliate" />
    </PageSection>
  );
}
