import { PageSection } from '../../app/ui/PageSection';
import { PageTitle } from '../../app/ui/PageTitle';

/** Privacy Policy (/privacy). The screen's content plugs in below the title. */
export default function PrivacyPage() {
  return (
    <PageSection>
      <PageTitle title="Privacy Policy" />
    </PageSection>
  );
}
