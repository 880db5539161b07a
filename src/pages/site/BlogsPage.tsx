import { PageSection } from '../../app/ui/PageSection';
import { PageTitle } from '../../app/ui/PageTitle';

/** Blogs (/blogs). The screen's content plugs in below the title. */
export default function BlogsPage() {
  return (
    <PageSection>
      <PageTitle title="Blogs" />
    </PageSection>
  );
}
