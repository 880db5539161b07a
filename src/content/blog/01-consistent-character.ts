import type { BlogArticleBody } from './draft.ts';

export const body: BlogArticleBody = {
  header: [
    {
      title: 'Why consistency is',
      gradianttitle: 'everything',
      items: [
        [
          'Audiences follow people. When a human creator posts, followers recognise them instantly, even with a new haircut or in a different city. A virtual influencer has to earn that same recognition, and the fastest way to lose it is a face that drifts a little from one post to the next.',
          'Most first attempts at AI characters fail here. Each image is generated from scratch, so the jawline softens, the eyes change colour and the character ages five years between Monday and Friday. Followers notice, even when they cannot say exactly what changed, and engagement quietly drops.',
        ],
        [
          'The good news is that consistency is a design decision, not luck. If you settle a few things before you generate your hundredth image, your character will feel like the same person across selfies, reels and brand campaigns.',
        ],
      ],
    },
  ],
  subHeaderData: [
    {
      subHeader: 'Four steps to a',
      gradianttitle: 'recognisable character',
      items: [
        {
          title: 'Start with one',
          gradianttitle: 'master face',
          text: [
            'In Persona Studio every image and video starts from a face you generated, so that face is your character\u2019s identity. Spend time here. Try the Celebrity tab, which blends three celebrity names into a new person who does not exist, and the Prompt tab, where you describe the face in detail. Generate several candidates and pick the one that feels right for the story you want to tell.',
            'Once you have chosen, treat that face as the master. Use it for every image, cloth swap and video rather than generating a new face whenever you need a fresh post.',
          ],
        },
        {
          title: 'Write a',
          gradianttitle: 'character sheet',
          text: [
            'Before you make content, write down the details that should never change: age range, skin tone, eye colour, hair colour and length, any signature features such as freckles or a beauty mark, and the way your character usually dresses. Keep it in a note you can copy from.',
            'When you write image prompts, describe the scene, pose and outfit, and leave the face alone. The face comes from your master face; your prompt only needs to tell the studio what is happening around it.',
          ],
        },
        {
          title: 'Pick a',
          gradianttitle: 'visual signature',
          text: [
            'Recognition comes from more than a face. Choose two or three recurring elements: a colour palette, a favourite accessory, a type of location or a lighting style. A character who is always photographed in warm golden-hour light, wearing a silver pendant, becomes recognisable even in a thumbnail.',
          ],
        },
        {
          title: 'Review your',
          gradianttitle: 'grid, not single posts',
          text: [
            'Judge consistency the way your followers will see it: on your profile grid. Every week, look at your last nine posts side by side in your Persona Studio gallery. If one image looks like a cousin rather than your character, leave it out. Publishing less is better than publishing something off-model.',
          ],
        },
      ],
    },
    {
      subHeader: 'Keeping the character',
      gradianttitle: 'alive over time',
      items: [
        {
          title: 'Let the story change,',
          gradianttitle: 'not the face',
          text: [
            'Consistency does not mean your character never changes. Real people get new haircuts, travel, and try new styles. Plan changes like these as story moments and announce them: a new haircut can be a whole reel. What should not change without a reason is the underlying face.',
            'If you ever need a second character, perhaps a friend or a rival, generate a clearly different face with its own character sheet. Two characters who look almost alike confuse audiences more than anything else.',
          ],
        },
        {
          title: 'Use video to',
          gradianttitle: 'deepen recognition',
          text: [
            'Once your still images are consistent, bring the same face into motion with face-swap video and image to video. Seeing a character move, blink and smile makes it feel real in a way no photo can. Start with short clips built from your strongest images, and your audience will meet the same person they already know from your grid.',
          ],
        },
      ],
    },
  ],
};
