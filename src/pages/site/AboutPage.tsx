import { PageSection } from '../../app/ui/PageSection';
import { PageTitle } from '../../app/ui/PageTitle';

/** About Us (/about). The screen's content plugs in below the title. */
export default function AboutPage() {
  return (
    <PageSection>
      <PageTitle title="About Us" />
    </PageSection>
  );
}
