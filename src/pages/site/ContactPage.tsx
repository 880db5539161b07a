import { PageSection } from '../../app/ui/PageSection';
import { PageTitle } from '../../app/ui/PageTitle';

/** Contact Us (/contact). The screen's content plugs in below the title. */
export default function ContactPage() {
  return (
    <PageSection>
      <PageTitle title="Contact Us" />
    </PageSection>
  );
}
