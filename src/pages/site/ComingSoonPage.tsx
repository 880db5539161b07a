import { PageSection } from '../../app/ui/PageSection';
import { PageTitle } from '../../app/ui/PageTitle';

/** Coming Soon (/commingsoon). The screen's content plugs in below the title. */
export default function ComingSoonPage() {
  return (
    <PageSection>
      <PageTitle title="Coming Soon" />
    </PageSection>
  );
}
