import { PageSection } from '../../app/ui/PageSection';
import { PageTitle } from '../../app/ui/PageTitle';

/** Terms and Conditions (/terms). The screen's content plugs in below the title. */
export default function TermsPage() {
  return (
    <PageSection>
      <PageTitle title="Terms and Conditions" />
    </PageSection>
  );
}
