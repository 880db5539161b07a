// The share target's POST when no service worker answers it (issue 28): judged by its bytes,
// nothing stored, a 303 to the screen it was for with a notice to share again; over real HTTP
// with real multipart bodies. Over 100 MB: the too-large notice; a file part under another name: 400 (issue 40).
import { describe, expect, it } from 'vitest';
import { UNEXPECTED_FILE_FIELD } from '../../contract/common.ts';
import { SHARE_MAX_BYTES } from '../../contract/share.ts';
import { buildTestApp } from './support/app.ts';
import { useTestDatabase } from './support/db.ts';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
const WAV = Buffer.concat([Buffer.from('RIFF\0\0\0\0WAVEfmt '), Buffer.alloc(64)]);

function share(parts: { files?: Array<{ bytes: Buffer; name: string; type: string }>; fields?: Record<string, string> }): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(parts.fields ?? {})) form.append(name, value);
  for (const file of parts.files ?? []) form.append('media', new Blob([file.bytes], { type: file.type }), file.name);
  return form;
}

describe('POST /share-target without a service worker', () => {
  const database = useTestDatabase('sqlite');

  async function post(body: FormData | string, contentType?: string) {
    const { app } = await buildTestApp(database.current);
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const response = await fetch(`${url}/share-target`, {
        method: 'POST',
        body,
        redirect: 'manual',
        headers: contentType ? { 'content-type': contentType } : undefined,
      });
      return { status: response.status, location: response.headers.get('location') };
    } finally {
      await app.close();
    }
  }

  it('a picture: 303 to Cloth Swap asking to share again', async () => {
    expect(await post(share({ files: [{ bytes: PNG, name: 'garment.png', type: 'image/png' }] }))).toEqual({ status: 303, location: '/clothSwap?share=again' });
  });

  it('a song, judged by its bytes whatever its name: AI Music', async () => {
    expect(await post(share({ files: [{ bytes: WAV, name: 'voice-note', type: 'application/octet-stream' }] }))).toEqual({ status: 303, location: '/AIMusic?share=again' });
  });

  it('a reel link in the text: Video; a post link in url: Image', async () => {
    expect(await post(share({ fields: { title: 'Reel', text: 'see https://www.instagram.com/reel/Cx9abc/ now' } }))).toEqual({ status: 303, location: '/video?share=again' });
    expect(await post(share({ fields: { url: 'https://www.instagram.com/p/Cx9abc/' } }))).toEqual({ status: 303, location: '/image?share=again' });
  });

  it('nothing usable, or not a form at all: the gallery says what can be shared', async () => {
    expect(await post(share({ fields: { text: 'hello' } }))).toEqual({ status: 303, location: '/gallery?share=unsupported' });
    expect(await post('{}', 'application/json')).toEqual({ status: 303, location: '/gallery?share=unsupported' });
  });
});

describe('POST /share-target: limits and names', () => {
  const database = useTestDatabase('sqlite');

  it('a picture over 100 MB lands on the too-large notice; a file under another part name than the manifest\'s is refused', async () => {
    const { app } = await buildTestApp(database.current);
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const big = new FormData();
      big.append('media', new Blob([PNG, Buffer.alloc(SHARE_MAX_BYTES + 1024 * 1024 - PNG.length)], { type: 'image/png' }), 'huge.png');
      const res = await fetch(`${url}/share-target`, { method: 'POST', body: big, redirect: 'manual' });
      expect({ status: res.status, location: res.headers.get('location') }).toEqual({ status: 303, location: '/gallery?share=too-large' });

      const other = new FormData();
      other.append('../../media', new Blob([PNG], { type: 'image/png' }), 'garment.png');
      const refused = await fetch(`${url}/share-target`, { method: 'POST', body: other, redirect: 'manual' });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({ error: UNEXPECTED_FILE_FIELD, field: '../../media' });
    } finally {
      await app.close();
    }
  });
});
