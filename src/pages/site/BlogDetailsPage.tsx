import { PageSection } from '../../app/ui/PageSection';
import { PageTitle } from '../../app/ui/PageTitle';

/** Blog Details (/blogsDetails/:slug). The article (useParams().slug) plugs in below the title. */
export default function BlogDetailsPage() {
  return (
    <PageSection>
      <PageTitle title="Blog Details" />
    </PageSection>
  );
}
