import type { BlogArticleBody } from './draft.ts';

export const body: BlogArticleBody = {
  header: [
    {
      title: 'Trust is the',
      gradianttitle: 'real currency',
      items: [
        [
          'Virtual influencers are not new, and audiences have shown again and again that they will happily follow a character they know is fictional. What they do not forgive is feeling tricked. When followers discover that a "person" they trusted was generated and nobody told them, the backlash can end an account overnight.',
          'Being open about AI is therefore not just the right thing to do; it is also the smartest long-term strategy. This article sets out the practices we recommend to every Persona Studio creator, and the rules that our Terms and community guidelines make non-negotiable.',
        ],
      ],
    },
  ],
  subHeaderData: [
    {
      subHeader: 'Disclosure that',
      gradianttitle: 'actually works',
      items: [
        {
          title: 'Say it in the',
          gradianttitle: 'bio',
          text: [
            'The simplest disclosure is in your profile: a line such as "AI-generated virtual creator" or "digital character made with AI". Anyone who lands on your account sees it before they follow. Many successful virtual influencers make their AI nature part of the brand rather than hiding it.',
          ],
        },
        {
          title: 'Use platform',
          gradianttitle: 'labels',
          text: [
            'Major platforms now offer labels for AI-generated or digitally altered content, and some require them for realistic imagery. Turn them on. Labels appear right on the post, where people scrolling past will see them, and they protect your account from being flagged for undisclosed synthetic media.',
          ],
        },
        {
          title: 'Keep the',
          gradianttitle: 'watermark',
          text: [
            'Every image and video downloaded from Persona Studio carries a small watermark. It is there so that content shared beyond your account, reposted, screenshotted or stitched, still tells viewers where it came from. Removing it breaks our Terms, and more importantly removes a safeguard that protects you if your content is ever misused.',
          ],
        },
      ],
    },
    {
      subHeader: 'Consent and',
      gradianttitle: 'real people',
      items: [
        {
          title: 'Never impersonate',
          gradianttitle: 'anyone',
          text: [
            'The Celebrity tab blends three famous names into a face that belongs to none of them. That is very different from recreating a specific real person. You must not present your character as a real individual, imply that a celebrity endorses you, or create content showing real people in situations they did not agree to.',
          ],
        },
        {
          title: 'Be careful with',
          gradianttitle: 'uploads',
          text: [
            'When you swap your character into an Instagram post or reel, or upload a garment photo, think about who else appears in the material and who owns it. Use content you have the right to use, and avoid swaps that could make it look as if a real person said or did something they did not.',
          ],
        },
      ],
    },
    {
      subHeader: 'Sponsored content and',
      gradianttitle: 'advertising rules',
      items: [
        {
          title: 'Disclose paid',
          gradianttitle: 'partnerships',
          text: [
            'Advertising rules apply to virtual influencers just as they do to humans. In India the Advertising Standards Council of India expects paid partnerships to be clearly labelled, and regulators in other countries have similar guidance. Use the platform\u2019s paid-partnership tag and a clear label such as #ad at the start of the caption.',
          ],
        },
        {
          title: 'Do not claim',
          gradianttitle: 'real-world results',
          text: [
            'A virtual character cannot actually use a skincare product or lose weight with a supplement. Avoid before-and-after claims and testimonials that imply personal experience. Instead, present products creatively and honestly, for example by styling an outfit or showing a product in a scene, and let the brand make its own factual claims.',
            'Handled this way, AI characters can be some of the most transparent voices online. Audiences know exactly what they are looking at, brands know exactly what they are paying for, and creators can focus on what matters: telling good stories.',
          ],
        },
      ],
    },
  ],
};
