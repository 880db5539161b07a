import { PageSection } from '../../app/ui/PageSection';
import { PageTitle } from '../../app/ui/PageTitle';

/** FAQs (/faqs). The screen's content plugs in below the title. */
export default function FaqsPage() {
  return (
    <PageSection>
      <PageTitle title="FAQs" />
    </PageSection>
  );
}
