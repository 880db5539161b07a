import type { BlogArticleBody } from './draft.ts';

export const body: BlogArticleBody = {
  header: [
    {
      title: 'A face is not',
      gradianttitle: 'a personality',
      items: [
        [
          'The virtual influencers that last are not the ones with the most perfect faces. They are the ones people can describe in a sentence: the witty Mumbai street-food explorer, the calm Nordic minimalist, the gym coach who is a little too competitive. That sentence is the brand persona, and it should exist before your first post.',
          'A clear persona makes every later decision easier. It tells you which trends to join and which to skip, which brands are a natural fit, how captions should sound and what your character would never do. Without it, your account becomes a collection of nice images with no reason to follow.',
        ],
      ],
    },
  ],
  subHeaderData: [
    {
      subHeader: 'Five building blocks of a',
      gradianttitle: 'memorable persona',
      items: [
        {
          title: 'A backstory with',
          gradianttitle: 'room to grow',
          text: [
            'Give your character a name, an age, a home city and a reason to be online. Maybe she moved from Ahmedabad to Berlin to study architecture and posts about the buildings she loves. Keep the backstory simple enough to explain in one caption, but open enough to create new chapters: a new job, a trip home, a friend who visits.',
          ],
        },
        {
          title: 'Values and',
          gradianttitle: 'opinions',
          text: [
            'People follow people who care about something. Decide on two or three things your character believes in, such as sustainable fashion, mental health in sport or supporting local food vendors. Values give you content ideas and they make brand partnerships credible, because a sponsor can see why your character would genuinely use their product.',
          ],
        },
        {
          title: 'A distinct',
          gradianttitle: 'voice',
          text: [
            'Write five sample captions before you launch. Is your character playful or dry? Do they use emojis, slang, Hindi phrases, long stories or one-liners? Once you like the sound, write a short voice guide: words they use, words they never use, and how they respond to comments. If more than one person writes for the account, this guide is what keeps it sounding like one personality.',
          ],
        },
        {
          title: 'A visual',
          gradianttitle: 'identity',
          text: [
            'Collect a mood board of colours, locations, clothing styles and lighting that fit the persona. In Persona Studio you can bring this to life with image prompts that always reuse the same palette and settings, and with cloth swaps that keep the wardrobe on-brand. A calm minimalist should not suddenly appear in neon streetwear unless the story calls for it.',
          ],
        },
        {
          title: 'A sound that',
          gradianttitle: 'belongs to them',
          text: [
            'Music is part of identity too. With the AI Music Generator you can write lyrics in your character\u2019s voice and create a signature track for intros, reels and launches, instead of borrowing the same trending audio as everyone else.',
          ],
        },
      ],
    },
    {
      subHeader: 'Putting the persona',
      gradianttitle: 'to work',
      items: [
        {
          title: 'Create a one-page',
          gradianttitle: 'persona document',
          text: [
            'Summarise everything on a single page: the one-sentence description, backstory, values, voice guide, visual identity and a list of content pillars, usually three to five recurring themes. Share it with anyone who helps you create content, and with brands when you pitch a partnership.',
          ],
        },
        {
          title: 'Test, listen and',
          gradianttitle: 'adjust',
          text: [
            'Your first month is research. Watch which posts get comments rather than just likes, and read those comments carefully. Audiences often tell you what they find most interesting about your character. Lean into it, and let the persona evolve the way a real person\u2019s public image does.',
            'Above all, stay honest. A strong persona is a creative work, and audiences enjoy fiction as long as they are not misled. Make it clear that your character is AI-generated, and let the personality, not the pretence, be what people fall for.',
          ],
        },
      ],
    },
  ],
};
