import { PageSection } from '../../app/ui/PageSection';
import { PageTitle } from '../../app/ui/PageTitle';

/** Careers (/careers). The screen's content plugs in below the title. */
export default function CareersPage() {
  return (
    <PageSection>
      <PageTitle title="Careers" />
    </PageSection>
  );
}
