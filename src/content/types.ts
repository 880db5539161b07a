// Types for the static content of the public site (spec 000 §3). Data only: no JSX, no imports.
//
// Highlighted titles: wherever a record has `title` (or `subHeader`) and `gradianttitle`, the page
// renders `title`, a space, then `gradianttitle` in the accent gradient. `gradianttitle` is a
// phrase that completes the title, not a repeat of part of it; it may be '' (nothing highlighted).
// `title` alone must still read as a sensible headline, because cards show it without the suffix.

/** A link shown under an FAQ answer or beside a piece of copy. External when `href` has a scheme. */
export interface ContentLink {
  href: string;
  label: string;
}

// ---------- Careers ----------

export interface JobRoleSection {
  rolestitle: string;
  rolesData: string[];
}

export interface Job {
  id: number;
  slug?: string;
  title: string;
  description: string;
  location: string;
  experience: string;
  skills: string[];
  roles: JobRoleSection[];
}

// ---------- Testimonials ----------

export type StarCount = 1 | 2 | 3 | 4 | 5;

export interface Testimonial {
  title: string;
  description: string;
  name: string;
  /** What the person does, e.g. 'Fashion creator, Mumbai'. */
  role: string;
  /** Spec: integer 1-5; every testimonial we publish is 4 or 5. */
  stars: StarCount;
  image: string;
}

// ---------- FAQ ----------

export interface FaqItem {
  question: string;
  answer: string;
  link?: ContentLink;
}

// ---------- Home ----------

export interface CommunityVideo {
  video: string;
  poster: string;
  /** Accessible description of the clip (the videos are muted and decorative otherwise). */
  label: string;
}

export interface SiteImage {
  src: string;
  alt: string;
  width: number;
  height: number;
}

export type FeatureTabId = 'face' | 'image' | 'imageToVideo' | 'clothSwap' | 'music';

export interface FeaturePreview {
  kind: 'image' | 'video';
  src: string;
  /** Still frame for videos (shown before playback and offline). */
  poster?: string;
  alt: string;
  width: number;
  height: number;
}

export interface FeatureTab {
  id: FeatureTabId;
  /** Tab label in the vertical list. */
  title: string;
  heading: string;
  description: string;
  preview: FeaturePreview;
  /** Studio route a signed-in user would use for this feature. */
  studioPath: string;
}

// ---------- Blog ----------

export interface BlogHeaderSection {
  title: string;
  gradianttitle: string;
  /** Groups of paragraphs; each inner array is rendered as consecutive paragraphs. */
  items: string[][];
}

export interface BlogSubHeaderItem {
  title: string;
  gradianttitle: string;
  text: string[];
}

export interface BlogSubHeaderSection {
  subHeader: string;
  gradianttitle: string;
  items: BlogSubHeaderItem[];
}

export interface BlogArticle {
  /** 1 to 10. */
  id: number;
  /** kebab-case; the detail route is /blogsDetails/{slug}. */
  slug: string;
  title: string;
  gradianttitle: string;
  /** Summary; longer than 120 characters so the card's truncation shows. */
  subText: string;
  image: string;
  imageAlt: string;
  userImage: string;
  /** Author's name. */
  name: string;
  /** ISO date (YYYY-MM-DD) the article was published. */
  datetime: string;
  /** Read-time label, e.g. '4 min read' (computed at 200 words per minute). */
  watch?: string;
  header: BlogHeaderSection[];
  subHeaderData: BlogSubHeaderSection[];
}

// ---------- Plans ----------

export type PlanKey = 'basic' | 'advanced' | 'premium' | 'enterprise';
export type PlanIcon = 'spark' | 'rocket' | 'crown' | 'building';
export type Currency = 'INR' | 'USD';

export interface PlanLimits {
  faceGeneration: number;
  imageGeneration: number;
  videoGeneration: number;
}

export interface Plan {
  id: PlanKey;
  /** India provider plan id; null for Enterprise (sold by contact, not checkout). */
  planId: string | null;
  /** International (PayPal) plan id; null for Enterprise. */
  otherplanId: string | null;
  name: string;
  /** Monthly price in rupees; null for Enterprise. */
  price: number | null;
  /** Struck-through list price in rupees. */
  duplicatePrice: number | null;
  /** Monthly price in US dollars. */
  otherPrice: number | null;
  /** Struck-through list price in US dollars. */
  duplicateOtherPrice: number | null;
  /** Shown instead of a price when `price` is null ("Let's Talk"). */
  priceLabel?: string;
  icon: PlanIcon;
  description: string;
  /** Monthly generation allowance; null for Enterprise (agreed per contract). */
  limits: PlanLimits | null;
  features: string[];
  /** 'subscribe' goes to checkout (or /login when signed out); 'contact' goes to sales. */
  action: 'subscribe' | 'contact';
  /** Highlighted as the most popular choice. */
  popular?: boolean;
}

// ---------- Legal ----------

export type TermsLetter = 'A' | 'B' | 'C' | 'D' | 'E' | 'F' | 'G' | 'H' | 'I' | 'J' | 'K' | 'L';

/** A piece of a legal paragraph: plain text, a link, or a command or name set as code. */
export type RichRun = string | ContentLink | { code: string };

/** A paragraph of a legal page: plain text, or runs shown one after the other as written. */
export type RichParagraph = string | readonly RichRun[];

export interface TermsSection {
  letter: TermsLetter;
  title: string;
  paragraphs: RichParagraph[];
}

export interface PolicySection {
  /** Anchor id for in-page links. */
  id: string;
  title: string;
  paragraphs: RichParagraph[];
}

// ---------- Affiliate / About ----------

export interface AffiliateStep {
  step: 1 | 2 | 3 | 4;
  title: string;
  description: string;
  /** Short facts shown as bullets under the step (e.g. the earning terms). */
  points?: string[];
  link?: ContentLink;
}

export interface AboutFigure {
  /** Display value, e.g. '4.8M'. */
  value: string;
  /** The exact amount, for screen readers and counters. */
  amount: number;
  label: string;
}

export interface CompanyValue {
  title: 'Innovation' | 'Integrity' | 'Collaboration';
  text: string;
  icon: 'lightbulb' | 'shield' | 'handshake';
}

// ---------- Contact / footer ----------

export type SocialNetwork = 'facebook' | 'linkedin' | 'instagram' | 'whatsapp' | 'x' | 'youtube';

export interface SocialLink {
  network: SocialNetwork;
  label: string;
  href: string;
}

export interface FeaturedBadge {
  href: string;
  alt: string;
  /** Static file served from public/ (e.g. /badges/featured-product-hunt.svg). */
  image: string;
  width: 250;
  height: 54;
}
