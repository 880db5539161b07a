// A capability the server's engine pre-flight refused (/api/health's `unavailable`): its studio
// screen says so and its Generate button is disabled; the other screens are untouched.
import { ChakraProvider } from '@chakra-ui/react';
import { act } from 'react';
import type { Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CAPABILITY_UNAVAILABLE, type HealthResponse } from '../../contract/health';
import type { Capability } from '../../contract/capabilities';
import { GenerateButton } from '../../src/studio/ui/GenerateButton';
import { StudioScreen } from '../../src/studio/ui/StudioScreen';
import { getSystem } from '../../src/theme/system';
import { mountRoot, unmountRoot } from './support/reactRoot.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const health: HealthResponse = {
  status: 'ok', database: 'ok', engine: 'sqlite', version: 'test', uptime_s: 1,
  unavailable: [{ capability: 'talking', engine: 'comfyui', problems: ['talking.json: node pack ComfyUI-MuseTalk-KJ (https://github.com/kijai/ComfyUI-MuseTalk-KJ) is missing: muse_talk_sampler'] }],
};
let container: HTMLDivElement;
let root: Root;
let answered: Promise<unknown>;

beforeEach(() => {
  const answer = Promise.resolve(new Response(JSON.stringify(health), { headers: { 'content-type': 'application/json' } }));
  answered = answer;
  vi.stubGlobal('fetch', vi.fn(() => answer));
  ({ container, root } = mountRoot());
});
afterEach(() => unmountRoot({ container, root }));

async function screen(capability: Capability) {
  await act(async () => {
    root.render(
      <ChakraProvider value={getSystem()}>
        <MemoryRouter>
          <StudioScreen title="Talking" capability={capability} form={<GenerateButton label="Generate" busy={false} />} result={null} />
        </MemoryRouter>
      </ChakraProvider>,
    );
    await answered;
  });
  // The health answer's body is read after the response: let it settle.
  // timing-ok: one task yield, no clock is waited on
  await act(async () => new Promise((r) => setTimeout(r, 0)));
  return { alert: container.querySelector('[role="alert"]'), button: container.querySelector('button')! };
}

describe('a capability the server does not serve now', () => {
  it('its screen says so and Generate is disabled; /api/health is asked once', async () => {
    const talking = await screen('talking');
    expect(talking.alert?.textContent).toBe(CAPABILITY_UNAVAILABLE);
    expect(talking.button.disabled).toBe(true);

    const face = await screen('face');
    expect(face.alert).toBeNull();
    expect(face.button.disabled).toBe(false);
    expect(vi.mocked(fetch).mock.calls.map(([url]) => String(url))).toEqual(['/api/health']);
  });
});
