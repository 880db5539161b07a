// The ten articles' card data (spec 000 §2 Blogs): everything the blog list shows, kept apart from
// the article bodies (blog/NN-*.ts) so the list page loads a few KB instead of every article.
// `readMinutes` is the body's read time at 200 words per minute; tests/unit/blogs.test.ts checks
// it against the text, so an edited article fails the tests until its number is updated. Each body
// is a chunk of its own, loaded by the article page (loadArticle in blogs.ts).
import type { BlogArticleMeta } from './draft.ts';

export const BLOG_CATALOG: readonly BlogArticleMeta[] = [
  {
    loadBody: () => import('./01-consistent-character.ts').then((m) => m.body),
    id: 1,
    slug: 'designing-a-consistent-ai-character',
    title: 'How to Design a Consistent AI Character',
    gradianttitle: 'Your Audience Remembers',
    subText:
      'Followers connect with a person, not a random face. Learn how to lock in a recognisable look for your virtual influencer, from the first face you generate to the hundredth post.',
    imageAlt: 'One AI character shown in six outfits and settings with the same face throughout',
    author: 'riya-mehta',
    datetime: '2025-01-14',
    readMinutes: 4,
  },
  {
    loadBody: () => import('./02-face-prompts.ts').then((m) => m.body),
    id: 2,
    slug: 'writing-prompts-for-realistic-ai-faces',
    title: 'Writing Prompts for Realistic AI Faces',
    gradianttitle: 'That Feel Alive',
    subText:
      'A good face prompt reads like a casting brief, not a list of adjectives. Here is how to describe faces that look natural, distinctive and believable, with examples you can adapt today.',
    imageAlt: 'A text prompt on a screen beside the realistic portrait it produced',
    author: 'arjun-desai',
    datetime: '2025-02-06',
    readMinutes: 4,
  },
  {
    loadBody: () => import('./03-brand-persona.ts').then((m) => m.body),
    id: 3,
    slug: 'building-a-brand-persona',
    title: 'Building a Brand Persona for Your Virtual Influencer',
    gradianttitle: 'From Backstory to Voice',
    subText:
      'A face gets attention, but a personality keeps followers. This guide walks through backstory, values, voice and visual identity so your virtual influencer feels like someone worth following.',
    imageAlt: 'A mood board of colours, fonts and photos defining a virtual influencer brand',
    author: 'kavya-shah',
    datetime: '2025-02-27',
    readMinutes: 4,
  },
  {
    loadBody: () => import('./04-ethics-disclosure.ts').then((m) => m.body),
    id: 4,
    slug: 'ethics-and-disclosure-for-ai-influencers',
    title: 'Being Honest About AI: Ethics and Disclosure',
    gradianttitle: 'for Virtual Influencers',
    subText:
      'Audiences are happy to follow an AI character as long as they know it is one. Here is a practical guide to disclosure, consent, sponsored content and the lines a responsible creator never crosses.',
    imageAlt: 'A phone showing an Instagram post labelled as AI-generated',
    author: 'riya-mehta',
    datetime: '2025-03-20',
    readMinutes: 3,
  },
  {
    loadBody: () => import('./05-face-swap-video.ts').then((m) => m.body),
    id: 5,
    slug: 'face-swap-video-workflow',
    title: 'A Practical Face-Swap Video Workflow',
    gradianttitle: 'From Reel Link to Finished Clip',
    subText:
      'Face-swap video lets your character join trends in minutes. Follow our step-by-step workflow for choosing source reels, picking the right face, rendering, reviewing and posting clips that look natural.',
    imageAlt: 'A video editing timeline with a face-swapped reel in the preview window',
    author: 'nikhil-patel',
    datetime: '2025-04-10',
    readMinutes: 3,
  },
  {
    loadBody: () => import('./06-cloth-swap-fashion.ts').then((m) => m.body),
    id: 6,
    slug: 'cloth-swap-for-fashion-brands',
    title: 'Cloth Swap for Fashion Brands',
    gradianttitle: 'Lookbooks Without a Photoshoot',
    subText:
      'Fashion brands are using cloth swap to show new collections on a consistent brand character within hours of sampling. Learn how to photograph garments, choose categories and build a full lookbook.',
    imageAlt: 'The same model shown in three different garments side by side',
    author: 'kavya-shah',
    datetime: '2025-05-08',
    readMinutes: 3,
  },
  {
    loadBody: () => import('./07-ai-music.ts').then((m) => m.body),
    id: 7,
    slug: 'ai-music-for-reels',
    title: 'Making Original AI Music for Your Reels',
    gradianttitle: 'Lyrics, Voice and Instrumental',
    subText:
      'Trending audio gets your reel muted or claimed. Original music gives your character a sound of its own. Here is how to write lyrics, choose reference songs and combine voice and instrumental files.',
    imageAlt: 'Waveforms of vocals and an instrumental track over a glowing mixer',
    author: 'ananya-iyer',
    datetime: '2025-06-05',
    readMinutes: 3,
  },
  {
    loadBody: () => import('./08-instagram-growth.ts').then((m) => m.body),
    id: 8,
    slug: 'growing-on-instagram-with-a-virtual-influencer',
    title: 'Growing on Instagram With a Virtual Influencer',
    gradianttitle: 'A 90-Day Plan',
    subText:
      'Launching a virtual influencer is easy; getting people to follow is the hard part. This 90-day plan covers launch content, posting rhythm, reels, community and what to measure each week.',
    imageAlt: 'A growth chart rising over a grid of Instagram posts',
    author: 'ananya-iyer',
    datetime: '2025-07-03',
    readMinutes: 3,
  },
  {
    loadBody: () => import('./09-monetisation.ts').then((m) => m.body),
    id: 9,
    slug: 'monetising-a-virtual-influencer',
    title: 'Monetising a Virtual Influencer',
    gradianttitle: 'Brand Deals, Rates and Contracts',
    subText:
      'Brands are paying virtual influencers for posts, reels and long-term ambassador roles. Learn how to build a media kit, set rates, pitch the right partners and protect yourself in every contract.',
    imageAlt: 'A brand deal contract beside a sponsored post on a phone',
    author: 'kavya-shah',
    datetime: '2025-07-31',
    readMinutes: 3,
  },
  {
    loadBody: () => import('./10-agency-workflows.ts').then((m) => m.body),
    id: 10,
    slug: 'agency-workflows-for-virtual-influencers',
    title: 'Running a Roster of Virtual Influencers',
    gradianttitle: 'Agency Workflows That Scale',
    subText:
      'Agencies managing several AI characters need more than good prompts. See how successful teams organise characters, plan content, review quality, handle client approvals and keep costs predictable.',
    imageAlt: 'A kanban board of content for several virtual influencers',
    author: 'nikhil-patel',
    datetime: '2025-08-28',
    readMinutes: 3,
  },
];
