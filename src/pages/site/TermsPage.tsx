import { PageSection } from '../../app/ui/PageSection';
import { TERMS_LAST_UPDATED, TERMS_PAGE, TERMS_SECTIONS } from '../../content/terms';
import { LegalSections } from './components/LegalSections';
import { PageHero } from './components/PageHero';

const SECTIONS = TERMS_SECTIONS.map((s) => ({
  id: `section-${s.letter.toLowerCase()}`,
  heading: `${s.letter}. ${s.title}`,
  paragraphs: s.paragraphs,
}));

/** Terms and Conditions (/terms): sections A to L, each with an anchor (#section-a ...). */
export default function TermsPage() {
  return (
    <PageSection>
      <PageHero title={TERMS_PAGE.title} highlight={TERMS_PAGE.gradianttitle} intro={TERMS_PAGE.intro} />
      <LegalSections sections={SECTIONS} updated={TERMS_LAST_UPDATED} />
    </PageSection>
  );
}
