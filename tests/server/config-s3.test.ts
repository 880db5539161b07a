// The S3_* settings: all or nothing, each problem named, secrets never echoed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/src/config/index.ts';
import { cspDirectives } from '../../server/src/plugins/security.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'ps-config-s3-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const base = { DATA_DIR: dataDir, JWT_SECRET: 'k'.repeat(40) };
const full = { S3_ENDPOINT: 'http://127.0.0.1:9000/', S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'top-secret-value' };
const problems = (env: Record<string, string>): string => {
  try {
    loadConfig({ ...base, ...env });
  } catch (err) {
    return (err as Error).message;
  }
  return '';
};

describe('S3 settings', () => {
  it('are off by default and take their defaults when S3_ENDPOINT is set', () => {
    expect(loadConfig(base).s3).toBeNull();
    expect(loadConfig({ ...base, ...full }).s3).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'media',
      accessKeyId: 'id',
      secretAccessKey: 'top-secret-value',
      region: 'us-east-1',
      forcePathStyle: true,
      publicUrl: null,
      presignSeconds: null,
    });
  });

  it('name every missing key, and every S3 setting given without S3_ENDPOINT', () => {
    const missing = problems({ S3_ENDPOINT: 'https://s3.example.com' });
    for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']) expect(missing).toContain(`${name} is required with S3_ENDPOINT`);
    const orphaned = problems({ S3_BUCKET: 'media', S3_SECRET_ACCESS_KEY: 'top-secret-value' });
    expect(orphaned).toContain('S3_BUCKET is set but S3_ENDPOINT is not (got "media")');
    expect(orphaned).toContain('S3_SECRET_ACCESS_KEY is set but S3_ENDPOINT is not');
    expect(orphaned).not.toContain('top-secret-value');
  });

  it('refuse bad values, and public URLs with signed ones', () => {
    expect(problems({ ...full, S3_ENDPOINT: 's3.example.com' })).toContain('S3_ENDPOINT must be an absolute http(s) URL');
    expect(problems({ ...full, S3_FORCE_PATH_STYLE: 'yes' })).toContain('S3_FORCE_PATH_STYLE must be true or false');
    expect(problems({ ...full, S3_PRESIGN_SECONDS: '5' })).toContain('S3_PRESIGN_SECONDS must be a whole number from 60 to 604800');
    expect(problems({ ...full, S3_PUBLIC_URL: 'cdn.example.com' })).toContain('S3_PUBLIC_URL must be an absolute http(s) URL');
    expect(problems({ ...full, S3_PUBLIC_URL: 'https://cdn.example.com', S3_PRESIGN_SECONDS: '3600' })).toContain('S3_PRESIGN_SECONDS must not be set with S3_PUBLIC_URL');
    expect(loadConfig({ ...base, ...full, S3_PRESIGN_SECONDS: '3600', S3_FORCE_PATH_STYLE: 'false' }).s3).toMatchObject({ presignSeconds: 3600, forcePathStyle: false });
  });

  it('let the page load media from where its URLs point (CSP), and only from there', () => {
    const img = (env: Record<string, string>) => cspDirectives(loadConfig({ ...base, ...env })).imgSrc;
    expect(img(full)).toEqual(["'self'", 'data:', 'blob:']);
    expect(img({ ...full, S3_PUBLIC_URL: 'https://cdn.example.com/media' })).toContain('https://cdn.example.com');
    expect(img({ ...full, S3_PRESIGN_SECONDS: '600' })).toContain('http://127.0.0.1:9000');
    const aws = { ...full, S3_ENDPOINT: 'https://s3.eu-west-1.amazonaws.com', S3_PRESIGN_SECONDS: '600', S3_FORCE_PATH_STYLE: 'false' };
    expect(img(aws)).toContain('https://media.s3.eu-west-1.amazonaws.com');
  });
});
