import { PageSection } from '../../app/ui/PageSection';
import { PageTitle } from '../../app/ui/PageTitle';

/** AI Music (/AIMusic). The screen's content plugs in below the title. */
export default function AIMusicPage() {
  return (
    <PageSection maxW="7xl" py={{ base: 6, md: 10 }}>
      <PageTitle title="AI Music" />
    </PageSection>
  );
}
