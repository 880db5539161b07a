import { ChakraProvider } from '@chakra-ui/react';
import { act, useState, type ReactNode } from 'react';
import type { Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OtpInput } from '../../src/pages/auth/components/OtpInput';
import { StarRating } from '../../src/pages/account/feedback/StarRating';
import { getSystem } from '../../src/theme/system';
import { mountRoot, unmountRoot } from './support/reactRoot.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  ({ container, root } = mountRoot());
});

afterEach(() => unmountRoot({ container, root }));

function render(node: ReactNode) {
  act(() => root.render(<ChakraProvider value={getSystem()}>{node}</ChakraProvider>));
}

/** Types into a React-controlled input the way a browser does (value setter + input event). */
function type(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  act(() => {
    setter.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

function key(target: Element, k: string) {
  act(() => {
    target.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true }));
  });
}

describe('OtpInput', () => {
  let latest: string[] = [];
  function Harness() {
    const [digits, setDigits] = useState(['', '', '', '', '', '']);
    latest = digits;
    return <OtpInput digits={digits} onChange={setDigits} />;
  }
  const boxes = () => Array.from(container.querySelectorAll<HTMLInputElement>('input'));

  it('has six labelled boxes that take digits only and move focus on', () => {
    render(<Harness />);
    expect(boxes().map((b) => b.getAttribute('aria-label'))).toEqual(['Digit 1', 'Digit 2', 'Digit 3', 'Digit 4', 'Digit 5', 'Digit 6']);
    boxes()[0].focus();
    type(boxes()[0], 'a');
    expect(latest[0]).toBe('');
    expect(document.activeElement).toBe(boxes()[0]);
    type(boxes()[0], '4');
    expect(latest[0]).toBe('4');
    expect(document.activeElement).toBe(boxes()[1]);
    type(boxes()[1], '2');
    expect(document.activeElement).toBe(boxes()[2]);
  });

  it('Backspace on an empty box clears the previous one and moves back', () => {
    render(<Harness />);
    type(boxes()[0], '1');
    type(boxes()[1], '2');
    expect(document.activeElement).toBe(boxes()[2]);
    key(boxes()[2], 'Backspace');
    expect(latest.slice(0, 3)).toEqual(['1', '', '']);
    expect(document.activeElement).toBe(boxes()[1]);
  });

  it('a pasted six-digit code fills every box', () => {
    render(<Harness />);
    const paste = new Event('paste', { bubbles: true, cancelable: true });
    Object.defineProperty(paste, 'clipboardData', { value: { getData: () => ' 987 654 ' } });
    act(() => {
      boxes()[2].dispatchEvent(paste);
    });
    expect(latest).toEqual(['9', '8', '7', '6', '5', '4']);
    expect(document.activeElement).toBe(boxes()[5]);
  });

  it('an autofilled code in the first box is spread too', () => {
    render(<Harness />);
    type(boxes()[0], '135790');
    expect(latest).toEqual(['1', '3', '5', '7', '9', '0']);
  });
});

describe('StarRating', () => {
  let latest = -1;
  function Harness() {
    const [value, setValue] = useState(5);
    latest = value;
    return <StarRating value={value} onChange={setValue} />;
  }
  const stars = () => Array.from(container.querySelectorAll<HTMLButtonElement>('[role="radio"]'));

  it('is a radio group of five labelled stars, default 5', () => {
    render(<Harness />);
    expect(container.querySelector('[role="radiogroup"]')).not.toBeNull();
    expect(stars().map((s) => s.getAttribute('aria-label'))).toEqual(['1 star', '2 stars', '3 stars', '4 stars', '5 stars']);
    expect(stars()[4].getAttribute('aria-checked')).toBe('true');
  });

  it('selects by click, clears when the selected star is clicked again, moves with arrows', () => {
    render(<Harness />);
    act(() => stars()[2].click());
    expect(latest).toBe(3);
    act(() => stars()[2].click());
    expect(latest).toBe(0);
    expect(stars().every((s) => s.getAttribute('aria-checked') === 'false')).toBe(true);
    expect(stars()[0].tabIndex).toBe(0);
    key(stars()[0], 'ArrowRight');
    expect(latest).toBe(2);
    key(stars()[1], 'End');
    expect(latest).toBe(5);
  });
});

describe('GoogleSignIn', () => {
  // A fresh module each time: the app config is fetched once per page load.
  async function load(clientId: string | null) {
    vi.resetModules();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ google_client_id: clientId }), { headers: { 'content-type': 'application/json' } })),
    );
    return import('../../src/pages/auth/components/GoogleSignIn');
  }
  // The app config is answered (the stubbed fetch called and resolved), then its body is read and the state set.
  const settle = () =>
    act(async () => {
      await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
      await vi.mocked(fetch).mock.results[0]!.value;
      // timing-ok: yields one task for the body to be read and React to commit; no clock is waited on
      for (let i = 0; i < 3; i++) await new Promise((r) => setTimeout(r, 0));
    });

  it('with a client id, runs the credential handler for the page event', async () => {
    const { GOOGLE_CREDENTIAL_EVENT, GoogleSignIn } = await load('client-1.apps.googleusercontent.com');
    const onCredential = vi.fn();
    render(<GoogleSignIn onCredential={onCredential} onError={() => undefined} />);
    await settle();
    expect(container.querySelector('[aria-label="Login with Google"]')).not.toBeNull();
    act(() => {
      window.dispatchEvent(new CustomEvent(GOOGLE_CREDENTIAL_EVENT, { detail: 'id-token-1' }));
      window.dispatchEvent(new CustomEvent(GOOGLE_CREDENTIAL_EVENT, { detail: 42 }));
    });
    expect(onCredential).toHaveBeenCalledTimes(1);
    expect(onCredential).toHaveBeenCalledWith('id-token-1');
  });

  it('without a client id, shows nothing and ignores the event', async () => {
    const { GOOGLE_CREDENTIAL_EVENT, GoogleSignIn } = await load(null);
    const onCredential = vi.fn();
    render(<GoogleSignIn onCredential={onCredential} onError={() => undefined} />);
    await settle();
    expect(container.querySelector('[aria-label="Login with Google"]')).toBeNull();
    act(() => {
      window.dispatchEvent(new CustomEvent(GOOGLE_CREDENTIAL_EVENT, { detail: 'id-token-1' }));
    });
    expect(onCredential).not.toHaveBeenCalled();
  });
});
