import { PageSection } from '../../app/ui/PageSection';
import { PageTitle } from '../../app/ui/PageTitle';

/** Video Generation (/video). The screen's content plugs in below the title. */
export default function VideoPage() {
  return (
    <PageSection maxW="7xl" py={{ base: 6, md: 10 }}>
      <PageTitle title="Video Generation" />
    </PageSection>
  );
}
