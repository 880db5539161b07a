import type { BlogArticleBody } from './draft.ts';

export const body: BlogArticleBody = {
  header: [
    {
      title: 'Growth is a system,',
      gradianttitle: 'not a viral moment',
      items: [
        [
          'Every creator hopes for the one post that explodes. It sometimes happens, but accounts that grow steadily do so because they post consistently, learn from every post and build a community that comes back. A virtual influencer has one big advantage here: your character never gets tired, never has a bad hair day and can appear anywhere you can imagine.',
          'The plan below assumes you have already designed a consistent character and a clear persona. It breaks the first ninety days into three phases of thirty days each.',
        ],
      ],
    },
  ],
  subHeaderData: [
    {
      subHeader: 'Days 1 to 30:',
      gradianttitle: 'launch and learn',
      items: [
        {
          title: 'Launch with a',
          gradianttitle: 'full grid',
          text: [
            'Do not launch an empty account. Publish nine to twelve posts before you start promoting, so visitors who land on the profile immediately understand who your character is. Mix a strong introduction post, a few lifestyle images in your signature settings, and at least two reels.',
          ],
        },
        {
          title: 'Set a rhythm you',
          gradianttitle: 'can sustain',
          text: [
            'Four to five posts a week is a good target: two or three reels, one or two carousels and daily stories. Persona Studio makes the images quick, but writing captions and replying to comments still takes time, so choose a schedule you can keep for three months rather than one you abandon after two weeks.',
          ],
        },
        {
          title: 'Measure what',
          gradianttitle: 'matters',
          text: [
            'Ignore likes for now and track saves, shares, comments and profile visits per post. These tell you what people find genuinely interesting. At the end of each week, write down the three best-performing posts and what they had in common.',
          ],
        },
      ],
    },
    {
      subHeader: 'Days 31 to 60:',
      gradianttitle: 'double down on reels',
      items: [
        {
          title: 'Join trends',
          gradianttitle: 'quickly',
          text: [
            'Reels are where new followers come from. Use face-swap video from a reel link to put your character into trending formats within hours rather than days. Always add your own twist, a line of text or a reaction in character, so the reel is more than a copy.',
          ],
        },
        {
          title: 'Create',
          gradianttitle: 'series',
          text: [
            'Recurring formats give people a reason to follow. Try a weekly outfit challenge built with cloth swap, a "day in my city" series with image-to-video clips, or a Friday song built with the AI Music Generator. Series also make planning easier, because half of each post is already decided.',
          ],
        },
      ],
    },
    {
      subHeader: 'Days 61 to 90:',
      gradianttitle: 'build community',
      items: [
        {
          title: 'Talk',
          gradianttitle: 'back',
          text: [
            'Reply to every comment in your character\u2019s voice for the first hour after posting. Ask questions in captions and stories, run polls on what your character should wear or where they should travel next, and then actually do what the audience chose. Nothing builds loyalty faster than seeing your vote come to life.',
          ],
        },
        {
          title: 'Collaborate and',
          gradianttitle: 'stay transparent',
          text: [
            'Reach out to creators with a similar audience for collaborations and shout-outs; other virtual influencers are often the most open to it. Keep your AI disclosure visible in your bio and labels, because growth built on trust is growth that lasts.',
            'After ninety days, look back at your notes. You will know which formats work for your character, when your audience is online and what they want more of. That is the foundation for everything that comes next, including your first brand deal.',
          ],
        },
      ],
    },
  ],
};
