// About Us page (spec 000 §2 About): story, three figures, three values.
import type { AboutFigure, CompanyValue, SiteImage } from './types.ts';
import { siteMedia } from './media.ts';

export const ABOUT_PAGE = {
  title: 'About',
  gradianttitle: 'Persona Studio',
  tagline: 'We help creators, brands and agencies bring AI characters to life.',
} as const;

export const ABOUT_STORY_TITLE = { title: 'Our', gradianttitle: 'Story' } as const;

export const ABOUT_STORY: readonly string[] = [
  'Persona Studio began in 2022 in a small office in Ahmedabad, when a handful of engineers and designers who had spent years building tools for photographers noticed a new kind of creator emerging: people who were not putting their own face online, but inventing a character and telling that character\u2019s story. They were doing it with a patchwork of research demos, editing apps and a lot of patience, and their characters rarely looked like the same person from one post to the next.',
  'We set out to build one place where that whole workflow feels simple. You design a realistic face that belongs to no real person, by blending three celebrity names or by describing it in your own words. Then you put that same character into images, reels, new outfits and short videos, give them an original soundtrack, and keep everything in one gallery.',
  'Today Persona Studio is used by independent creators building an audience, fashion and beauty brands that want a consistent ambassador, and agencies that manage whole rosters of virtual influencers. Our team is still based in Ahmedabad, and we still talk to creators every week about what to build next.',
  'We take the responsibility that comes with synthetic media seriously. Every download carries a watermark, our community guidelines forbid impersonating real people, and we encourage every creator to be open with their audience about what is AI-generated. We believe the best virtual influencers are the honest ones.',
];

export const ABOUT_STORY_IMAGE: SiteImage = {
  src: siteMedia('about/story.webp'),
  alt: 'The Persona Studio team at work in the Ahmedabad studio',
  width: 1200,
  height: 800,
};

export const ABOUT_FIGURES: readonly AboutFigure[] = [
  { value: '4.8M', amount: 4_800_000, label: 'Worldwide users' },
  { value: '174', amount: 174, label: 'User territories' },
  { value: '236M', amount: 236_000_000, label: 'Images generated last year' },
];

export const ABOUT_VALUES_TITLE = { title: 'Our', gradianttitle: 'Values' } as const;

export const COMPANY_VALUES: readonly CompanyValue[] = [
  {
    title: 'Innovation',
    icon: 'lightbulb',
    text: 'We turn the newest advances in generative AI into tools anyone can use, and we ship improvements every week. If a creator has to fight the tool to get a consistent face, that is our problem to solve, not theirs.',
  },
  {
    title: 'Integrity',
    icon: 'shield',
    text: 'We are honest about what AI can and cannot do. We watermark what we generate, protect the data you trust us with, forbid impersonation of real people, and never sell personal information.',
  },
  {
    title: 'Collaboration',
    icon: 'handshake',
    text: 'Our best ideas come from the creators, brands and agencies who use Persona Studio every day. We build in the open with our community, credit the work they share, and succeed only when they do.',
  },
];
