import { PageSection } from '../../app/ui/PageSection';
import { PageTitle } from '../../app/ui/PageTitle';

/** Testimonials (/testimonials). The screen's content plugs in below the title. */
export default function TestimonialsPage() {
  return (
    <PageSection>
      <PageTitle title="Testimonials" />
    </PageSection>
  );
}
