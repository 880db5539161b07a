import type { BlogArticleBody } from './draft.ts';

export const body: BlogArticleBody = {
  header: [
    {
      title: 'Why video',
      gradianttitle: 'changes the game',
      items: [
        [
          'Still images build recognition, but short-form video is where reach happens. Reels and shorts are pushed to people who do not follow you yet, and a character that moves, turns and reacts feels far more alive than one that only poses.',
          'Video Generation in Persona Studio swaps your character\u2019s face into an existing clip. You can paste a link to an Instagram reel or choose one of our video templates, pick one of your faces, and the studio renders a new version of the clip starring your character. Here is the workflow our most productive creators follow.',
        ],
      ],
    },
  ],
  subHeaderData: [
    {
      subHeader: 'Step by step:',
      gradianttitle: 'from idea to upload',
      items: [
        {
          title: 'Choose the right',
          gradianttitle: 'source clip',
          text: [
            'The source clip decides most of the quality. Look for reels where the face is clearly visible for most of the video, well lit and not too small in the frame. Slow head turns work well; fast spins, heavy motion blur, hands over the face and very dark scenes are harder and more likely to show artefacts.',
            'Shorter is better for a first attempt. A clean ten-second clip will render faster and look better than a sixty-second one with cuts every second.',
          ],
        },
        {
          title: 'Link or',
          gradianttitle: 'template',
          text: [
            'Paste a reel link when you want to join a specific trend. Use a template when you want a reliable result: our templates are chosen because they swap cleanly, and they come in separate Women and Men sets. Templates are also a good way to make evergreen content, such as walking shots and smiles to camera, that you can reuse in edits.',
          ],
        },
        {
          title: 'Pick the',
          gradianttitle: 'master face',
          text: [
            'Select your character\u2019s main face from the face picker. The three most recent faces appear first, and View All opens the full list. Use the same face you use for your images so the character stays consistent across your grid and your reels.',
          ],
        },
        {
          title: 'Render and',
          gradianttitle: 'keep working',
          text: [
            'Video takes longer than images; long reels can take up to about ten minutes. The progress bar shows how far along it is, and you do not have to sit and watch: the finished video is saved to your gallery, and the app can notify you when it is ready. Queue the next idea while you wait.',
          ],
        },
      ],
    },
    {
      subHeader: 'Review before you',
      gradianttitle: 'post',
      items: [
        {
          title: 'Watch it at',
          gradianttitle: 'full size',
          text: [
            'Open the result in the full-screen preview and watch it at least twice: once for the overall feel and once looking only at the face. Check the moments where the head turns, where hair crosses the face and where the lighting changes. If something looks off, try a different source clip rather than posting a flawed one.',
          ],
        },
        {
          title: 'Edit, caption and',
          gradianttitle: 'disclose',
          text: [
            'Download the clip with its watermark and finish it in your usual editor: trim, add text and music. An original soundtrack from the AI Music Generator avoids copyright problems with trending audio. Credit the original creator when you remake their concept, label the post as AI-generated, and you have a clip that is ready for the algorithm.',
            'Most creators find a rhythm of two or three face-swap reels a week alongside their image posts. It keeps the account active without burning through your monthly video allowance, and leaves room for the best ideas to get the attention they deserve.',
          ],
        },
      ],
    },
  ],
};
