// A prerendered form filled and sent before React hydrated it (src/lib/earlySubmit.ts): React
// hydrates with the typed text on screen but not in its state; once the form is React's, what was
// typed and ticked reaches its state, and a held submit is sent again with it.
import { act, useRef, useState, type FormEvent } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EARLY_SUBMIT_ATTR } from '../../contract/prerender';
import { useEarlySubmit } from '../../src/lib/earlySubmit';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Sent = { email: string; password: string; terms: boolean };

function SignIn({ onSend }: { onSend: (sent: Sent) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [terms, setTerms] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const early = useEarlySubmit(form);
  const send = (e: FormEvent) => {
    e.preventDefault();
    onSend({ email, password, terms });
  };
  return (
    <form ref={form} {...early} onSubmit={send}>
      <input aria-label="Email" value={email} onChange={(e) => setEmail(e.target.value)} />
      <input aria-label="Password" type="password" value={password} onChange={(e) => setPassword(e.target.value)} />
      <input aria-label="Terms" type="checkbox" checked={terms} onChange={(e) => setTerms(e.target.checked)} />
      <button type="submit">Login</button>
    </form>
  );
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  vi.restoreAllMocks();
  document.body.replaceChildren();
});

/** The prerendered form, typed into as a visitor (or a password manager) does before any script. */
function prerenderedAndFilled(): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<SignIn onSend={() => undefined} />);
  document.body.append(container);
  const [email, password, terms] = container.querySelectorAll('input');
  email!.value = 'asha@example.com';
  password!.value = 'secret-pass-1';
  terms!.checked = true;
  return container;
}

async function hydrate(container: HTMLElement, onSend: (sent: Sent) => void): Promise<void> {
  await act(async () => {
    root = hydrateRoot(container, <SignIn onSend={onSend} />);
  });
  // The take-over runs in tasks of its own, after the commit.
  await act(async () => {
    // timing-ok: three task yields for the take-over's own tasks, no clock is waited on
    for (let i = 0; i < 3; i++) await new Promise((r) => setTimeout(r, 0));
  });
}

describe('a prerendered form used before React ran', () => {
  it('a held submit is sent once, with every field typed or ticked before', async () => {
    const container = prerenderedAndFilled();
    const form = container.querySelector('form')!;
    form.setAttribute(EARLY_SUBMIT_ATTR, 'held'); // what the boot script does with an early submit
    // React's development build notes that attribute at hydration (production ignores attributes).
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const onSend = vi.fn();
    await hydrate(container, onSend);
    expect(onSend.mock.calls).toEqual([[{ email: 'asha@example.com', password: 'secret-pass-1', terms: true }]]);
    expect(form.getAttribute(EARLY_SUBMIT_ATTR)).toBe('live');
    const [email, password, terms] = container.querySelectorAll('input');
    expect([email!.value, password!.value, terms!.checked]).toEqual(['asha@example.com', 'secret-pass-1', true]);
  });

  it('filled but not sent: nothing is sent by itself, and a later submit carries what was typed', async () => {
    const container = prerenderedAndFilled();
    const onSend = vi.fn();
    await hydrate(container, onSend);
    expect(onSend).not.toHaveBeenCalled();
    act(() => container.querySelector('button')!.click());
    expect(onSend.mock.calls).toEqual([[{ email: 'asha@example.com', password: 'secret-pass-1', terms: true }]]);
  });
});
