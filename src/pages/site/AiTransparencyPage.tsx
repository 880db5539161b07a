import { PageSection } from '../../app/ui/PageSection';
import { usePageDescription } from '../../app/usePageDescription';
import { AI_TRANSPARENCY_LAST_UPDATED, AI_TRANSPARENCY_PAGE, AI_TRANSPARENCY_SECTIONS } from '../../content/aiTransparency';
import { LegalSections } from './components/LegalSections';
import { PageHero } from './components/PageHero';

const SECTIONS = AI_TRANSPARENCY_SECTIONS.map((s) => ({ id: s.id, heading: s.title, paragraphs: s.paragraphs }));

/** AI Transparency (/ai-transparency): the marks on every output and how to verify them (issue 26). */
export default function AiTransparencyPage() {
  usePageDescription(AI_TRANSPARENCY_PAGE.description);
  return (
    <PageSection>
      <PageHero title={AI_TRANSPARENCY_PAGE.title} highlight={AI_TRANSPARENCY_PAGE.gradianttitle} intro={AI_TRANSPARENCY_PAGE.intro} />
      <LegalSections sections={SECTIONS} updated={AI_TRANSPARENCY_LAST_UPDATED} />
    </PageSection>
  );
}
