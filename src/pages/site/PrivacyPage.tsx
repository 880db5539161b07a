import { PageSection } from '../../app/ui/PageSection';
import { PRIVACY_LAST_UPDATED, PRIVACY_PAGE, PRIVACY_SECTIONS } from '../../content/privacy';
import { LegalSections } from './components/LegalSections';
import { PageHero } from './components/PageHero';

const SECTIONS = PRIVACY_SECTIONS.map((s) => ({ id: s.id, heading: s.title, paragraphs: s.paragraphs }));

/** Privacy Policy (/privacy). */
export default function PrivacyPage() {
  return (
    <PageSection>
      <PageHero title={PRIVACY_PAGE.title} highlight={PRIVACY_PAGE.gradianttitle} intro={PRIVACY_PAGE.intro} />
      <LegalSections sections={SECTIONS} updated={PRIVACY_LAST_UPDATED} />
    </PageSection>
  );
}
