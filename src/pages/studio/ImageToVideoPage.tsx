import { PageSection } from '../../app/ui/PageSection';
import { PageTitle } from '../../app/ui/PageTitle';

/** Image to Video (/Imagetovideo). The screen's content plugs in below the title. */
export default function ImageToVideoPage() {
  return (
    <PageSection maxW="7xl" py={{ base: 6, md: 10 }}>
      <PageTitle title="Image to Video" />
    </PageSection>
  );
}
