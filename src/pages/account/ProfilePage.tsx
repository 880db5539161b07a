import { PageSection } from '../../app/ui/PageSection';
import { PageTitle } from '../../app/ui/PageTitle';

/** Profile (/profile). The screen's content plugs in below the title. */
export default function ProfilePage() {
  return (
    <PageSection maxW="7xl" py={{ base: 6, md: 10 }}>
      <PageTitle title="Profile" />
    </PageSection>
  );
}
