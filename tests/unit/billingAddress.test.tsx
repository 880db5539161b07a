// The /address screen with the network stubbed: typing rules, the pincode lookup, submit
// messages, and the payment tab opened before the first await (browsers block it after one).
import { ChakraProvider } from '@chakra-ui/react';
import { act } from 'react';
import type { Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import AddressPage from '../../src/pages/account/AddressPage';
import { useCountryStore } from '../../src/stores/countryStore';
import { usePaidPlansStore } from '../../src/stores/paidPlansStore';
import { getSystem } from '../../src/theme/system';
import { mountRoot, unmountRoot } from './support/reactRoot.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Reply = { status: number; body?: unknown } | Promise<{ status: number; body?: unknown }>;
type Routes = Record<string, (body: Record<string, unknown>) => Reply>;

let container: HTMLDivElement;
let root: Root;
let calls: { path: string; body: Record<string, unknown> }[];
/** Everything that happened, in order: fetches by path and window.open. */
let events: string[];

const COUNTRIES = { US: 'United States', IN: 'India', GB: 'United Kingdom', AU: 'Australia' };

function defaultRoutes(): Routes {
  return {
    '/get_contry_code': () => ({ status: 200, body: COUNTRIES }),
    '/get_address_for_existing_subscriber': () => ({ status: 404, body: { error: 'No saved billing address.' } }),
    '/get_current_plan/': () => ({
      status: 200,
      body: { plan_id: null, plan: null, plan_name: null, source: null, period_start: null, period_end: null, usage: null, processing_plan: null, trial_available: true },
    }),
    '/get_details_by_zip/': (b) =>
      b.pincode === '380001' ? { status: 200, body: { city: 'Ahmedabad', state: 'Gujarat' } } : { status: 404, body: { error: 'We could not find this pincode.', field: 'pincode' } },
    '/create_billing/': (b) => ({ status: 201, body: { status: 'success', message: 'Billing address saved.', billing: b } }),
    '/subscription/': () => ({ status: 200, body: { subscription_id: 'sbx_sub_1', short_url: '/api/sandbox/checkout/sbx_sub_1', trial_days: 7 } }),
    '/paypal-subscription/': () => ({ status: 200, body: { subscription_id: 'sbx_sub_2', short_url: 'https://pay.example/approve/2', trial_days: 7 } }),
    '/plans': () => ({ status: 200, body: { plans: [], trial_days: 7, available: true } }),
  };
}

function stubFetch(overrides: Routes = {}) {
  const routes = { ...defaultRoutes(), ...overrides };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const path = url.replace(/^\/api/, '');
      const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
      calls.push({ path, body });
      events.push(path);
      const handler = routes[path];
      if (!handler) throw new TypeError(`no route for ${path}`);
      const reply = await handler(body);
      return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
}

interface FakeTab {
  document: Document;
  location: { href: string };
  closed: boolean;
  opener: unknown;
  close: ReturnType<typeof vi.fn>;
}

/** window.open, stubbed: returns a tab with a document of its own, or null (a blocked pop-up). */
function stubOpen(blocked = false) {
  const tab: FakeTab = {
    document: document.implementation.createHTMLDocument(''),
    location: { href: 'about:blank' },
    closed: false,
    opener: window,
    close: vi.fn(() => {
      tab.closed = true;
    }),
  };
  const open = vi.fn(() => {
    events.push('window.open');
    return blocked ? null : (tab as unknown as Window);
  });
  vi.stubGlobal('open', open);
  return { open, tab };
}

beforeEach(() => {
  calls = [];
  events = [];
  sessionStorage.clear();
  sessionStorage.setItem('accessToken', 'token');
  sessionStorage.setItem('userId', 'user-1');
  sessionStorage.setItem('userEmail', 'asha@example.com');
  useCountryStore.setState({ country: 'IN', status: 'done' });
  usePaidPlansStore.setState({ available: null, asked: false });
  ({ container, root } = mountRoot());
});

afterEach(() => unmountRoot({ container, root }));

// timing-ok: yields one task (stubbed answers and React's commit), no clock is waited on
const nextTask = () => new Promise((r) => setTimeout(r, 0));
const settle = () => act(nextTask);
/** The pincode lookup (after its LOOKUP_DELAY_MS pause) has asked the server, and its answer is shown. */
const lookedUp = () =>
  act(async () => {
    await vi.waitFor(() => expect(calls.some((c) => c.path === '/get_details_by_zip/')).toBe(true), { timeout: 5_000, interval: 10 });
    for (let i = 0; i < 3; i++) await nextTask();
  });

async function renderPage(state: unknown = { planId: 'plan_advanced_inr' }) {
  act(() =>
    root.render(
      <ChakraProvider value={getSystem()}>
        <MemoryRouter initialEntries={[{ pathname: '/address', state }]}>
          <AddressPage />
        </MemoryRouter>
      </ChakraProvider>,
    ),
  );
  await settle();
  await settle();
}

/** The control a visible label names (its text without the required mark). */
function field<T extends HTMLElement = HTMLInputElement>(label: string): T {
  const match = Array.from(container.querySelectorAll('label')).find((l) => l.textContent?.replace(/\*/g, '').trim() === label);
  if (!match) throw new Error(`no label ${label}`);
  const el = document.getElementById(match.htmlFor);
  if (!el) throw new Error(`label ${label} names no control`);
  return el as T;
}

/** The message linked to a control (aria-errormessage when invalid), '' when none. */
function errorOf(el: HTMLElement): string {
  const id = el.getAttribute('aria-errormessage');
  if (!id || el.getAttribute('aria-invalid') !== 'true') return '';
  return document.getElementById(id)?.textContent ?? '';
}

function type(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  act(() => {
    setter.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

function choose(select: HTMLSelectElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!;
  act(() => {
    setter.call(select, value);
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

const form = () => container.querySelector('form')!;
const submit = () =>
  act(() => {
    form().dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  });
const text = () => container.textContent ?? '';

async function fillValid() {
  type(field('Full name'), 'Asha Rao');
  type(field('Phone number'), '9876543210');
  type(field('Address'), '12 Relief Road');
  type(field('Pincode'), '380001');
  await lookedUp();
  await settle();
}

describe('/address', () => {
  it('shows the title, a back arrow to /profile, the chosen plan in rupees and the free trial', async () => {
    stubFetch();
    await renderPage();
    expect(container.querySelector('h1')?.textContent).toBe('Billing Address');
    expect(container.querySelector('a[aria-label="Back to Profile"]')?.getAttribute('href')).toBe('/profile');
    expect(text()).toContain('Advanced');
    expect(container.querySelector('[data-testid="chosen-plan-price"]')?.textContent).toContain('₹1,999');
    expect(text()).toMatch(/includes the 7-day free trial/);
    const email = field('Email');
    expect(email.value).toBe('asha@example.com');
    expect(email.readOnly).toBe(true);
  });

  it('without a plan in navigation state offers the way back to /pricing instead of the form', async () => {
    stubFetch();
    await renderPage(null);
    expect(container.querySelector('form')).toBeNull();
    expect(container.querySelector('a[href="/pricing"]')?.textContent).toBe('See plans');
  });

  it('where paid plans are not sold (GET /api/plans: available false) says so instead of the form and its button', async () => {
    stubFetch({ '/plans': () => ({ status: 200, body: { plans: [], trial_days: 7, available: false } }) });
    await renderPage();
    expect(text()).toContain('Paid plans are not available in your country yet.');
    expect(container.querySelector('form')).toBeNull();
    expect(container.querySelector('button[type="submit"]')).toBeNull();
    expect(calls.filter((c) => c.path === '/plans')).toHaveLength(1);
  });

  it('offers the form while the answer is unknown, and when GET /api/plans fails', async () => {
    stubFetch({ '/plans': () => ({ status: 500, body: { error: 'Internal server error' } }) });
    await renderPage();
    expect(container.querySelector('form')).not.toBeNull();
    expect(text()).toContain('Continue to payment');
  });

  it('locks the country to the detected one; the list is sorted by name', async () => {
    stubFetch();
    await renderPage();
    const country = field<HTMLSelectElement>('Country');
    expect(country.disabled).toBe(true);
    expect(country.value).toBe('IN');
    expect(Array.from(country.options).slice(1).map((o) => o.text)).toEqual(['Australia', 'India', 'United Kingdom', 'United States']);
  });

  it("while the country is unknown the user chooses it; an empty list says 'Not fetch Country'", async () => {
    useCountryStore.setState({ country: null, status: 'failed' });
    stubFetch({ '/get_contry_code': () => ({ status: 500, body: { error: 'down' } }) });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await renderPage();
    const country = field<HTMLSelectElement>('Country');
    expect(country.disabled).toBe(false);
    expect(country.options[0].text).toBe('Not fetch Country');
    expect(text()).toContain('Not fetch Country');
  });

  it('changing the country clears pincode, city and state', async () => {
    useCountryStore.setState({ country: null, status: 'failed' });
    stubFetch();
    await renderPage();
    choose(field<HTMLSelectElement>('Country'), 'IN');
    type(field('Pincode'), '380001');
    await lookedUp();
    expect(field('City').value).toBe('Ahmedabad');
    choose(field<HTMLSelectElement>('Country'), 'US');
    expect(field('Pincode').value).toBe('');
    expect(field('City').value).toBe('');
    expect(field('State').value).toBe('');
    expect(field('Pincode').maxLength).toBe(7);
  });

  it("the phone field says the chosen country's digit count before anything is typed (issue 45)", async () => {
    useCountryStore.setState({ country: null, status: 'failed' });
    stubFetch();
    await renderPage();
    const phone = field('Phone number');
    const hint = () => document.getElementById(phone.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent;
    expect(phone.value).toBe('');
    expect(hint()).toBe('10 digits, numbers only (set by the country below).');
    choose(field<HTMLSelectElement>('Country'), 'US');
    expect(hint()).toBe('United States: 11 digits, numbers only.');
    expect(phone.placeholder).toBe('11 digits');
    choose(field<HTMLSelectElement>('Country'), 'AU');
    expect(hint()).toBe('Australia: 9 digits, numbers only.');
    expect(phone.maxLength).toBe(9);
  });

  it('sanitises the phone and pincode while typing', async () => {
    stubFetch();
    await renderPage();
    type(field('Phone number'), '+91 98765 43210');
    expect(field('Phone number').value).toBe('9198765432');
    expect(field('Phone number').maxLength).toBe(10);
    type(field('Pincode'), '38a00');
    expect(field('Pincode').value).toBe('3800');
  });

  it('a matching pincode fills city and state and makes them read-only; shorter than 4 clears them', async () => {
    stubFetch();
    await renderPage();
    type(field('Pincode'), '380001');
    await lookedUp();
    expect(calls.find((c) => c.path === '/get_details_by_zip/')?.body).toEqual({ country_code: 'IN', pincode: '380001' });
    expect(field('City').value).toBe('Ahmedabad');
    expect(field('State').value).toBe('Gujarat');
    expect(field('City').readOnly).toBe(true);
    expect(field('State').readOnly).toBe(true);
    type(field('Pincode'), '380');
    expect(field('City').value).toBe('');
    expect(field('State').value).toBe('');
    expect(field('City').readOnly).toBe(false);
  });

  it("a failed lookup says 'Failed to fetch details. Please try again later.' and leaves city and state editable", async () => {
    stubFetch();
    await renderPage();
    type(field('Pincode'), '110099');
    await lookedUp();
    expect(text()).toContain('Failed to fetch details. Please try again later.');
    expect(field('City').readOnly).toBe(false);
  });

  it('prefills from the saved address', async () => {
    stubFetch({
      '/get_address_for_existing_subscriber': () => ({
        status: 200,
        body: { email: 'asha@example.com', full_name: 'Asha Rao', phone_number: '9876543210', address: '12 Relief Road', city: 'Ahmedabad', pincode: '380001', country: 'IN', state: 'Gujarat' },
      }),
    });
    await renderPage();
    await lookedUp();
    expect(calls.find((c) => c.path === '/get_address_for_existing_subscriber')?.body).toEqual({ email: 'asha@example.com' });
    expect(field('Full name').value).toBe('Asha Rao');
    expect(field('Pincode').value).toBe('380001');
    expect(field('City').value).toBe('Ahmedabad');
  });

  it('an empty submit shows the required messages, opens no tab and calls nothing', async () => {
    stubFetch();
    const { open } = stubOpen();
    await renderPage();
    const before = calls.length;
    submit();
    await settle();
    expect(errorOf(field('Full name'))).toBe('Full name is required.');
    expect(errorOf(field('Phone number'))).toBe('Phone number is required.');
    expect(errorOf(field('Address'))).toBe('Address is required.');
    expect(errorOf(field('Pincode'))).toBe('Pincode is required.');
    expect(open).not.toHaveBeenCalled();
    expect(calls.length).toBe(before);
    expect(document.activeElement).toBe(field('Full name'));
  });

  it('a short phone and a bad pincode get the spec’s messages', async () => {
    stubFetch();
    stubOpen();
    await renderPage();
    type(field('Full name'), 'Asha Rao');
    type(field('Phone number'), '98765');
    type(field('Address'), '12 Relief Road');
    type(field('Pincode'), '38000');
    submit();
    await settle();
    expect(errorOf(field('Phone number'))).toBe('Phone number must be exactly 10 digits.');
    expect(errorOf(field('Pincode'))).toBe('Please enter a valid pincode.');
  });

  it('opens the payment tab in the submit itself, before any await, then points it at the link', async () => {
    stubFetch();
    const { open, tab } = stubOpen();
    await renderPage();
    await fillValid();
    events = [];
    submit();
    // Synchronously, within the submit event: the tab is open with its placeholder message.
    expect(open).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(events[0]).toBe('window.open');
    expect(tab.document.body.textContent).toBe('Opening the payment page…');
    expect(tab.opener).toBeNull();
    await settle();
    await settle();
    expect(events).toEqual(['window.open', '/create_billing/', '/subscription/']);
    expect(calls.find((c) => c.path === '/create_billing/')?.body).toEqual({
      user_id: 'user-1',
      email: 'asha@example.com',
      full_name: 'Asha Rao',
      phone_number: '9876543210',
      address: '12 Relief Road',
      city: 'Ahmedabad',
      pincode: '380001',
      country: 'IN',
      state: 'Gujarat',
    });
    expect(calls.find((c) => c.path === '/subscription/')?.body).toEqual({ plan_id: 'plan_advanced_inr', user_id: 'user-1' });
    // The sandbox's relative link, resolved against our origin.
    expect(tab.location.href).toBe(`${window.location.origin}/api/sandbox/checkout/sbx_sub_1`);
    expect(tab.close).not.toHaveBeenCalled();
    // Billing status as a message on the page (no alert), and the fields as saved (issue 45).
    const status = Array.from(container.querySelectorAll('[role="status"]')).map((el) => el.textContent).join(' ');
    expect(status).toContain('Billing address saved.');
    expect(text()).toContain('The payment page opened in a new tab.');
    expect(field('Address').value).toBe('12 Relief Road');
    expect(field('Pincode').value).toBe('380001');
    expect(field('City').value).toBe('Ahmedabad');
    expect(field('State').value).toBe('Gujarat');
    expect(field('Full name').value).toBe('Asha Rao');
    expect(sessionStorage.getItem('Plan_Details')).toBe('Advanced');
  });

  it('outside India the checkout goes to /paypal-subscription/ with the dollar plan id', async () => {
    useCountryStore.setState({ country: 'US', status: 'done' });
    stubFetch({ '/get_details_by_zip/': () => ({ status: 200, body: { city: 'Beverly Hills', state: 'California' } }) });
    const { tab } = stubOpen();
    await renderPage({ planId: 'plan_advanced_inr' });
    expect(container.querySelector('[data-testid="chosen-plan-price"]')?.textContent).toContain('$24.99');
    type(field('Full name'), 'Sam Lee');
    type(field('Phone number'), '13105550100');
    type(field('Address'), '1 Rodeo Drive');
    type(field('Pincode'), '90210');
    await lookedUp();
    expect(field('City').value).toBe('Beverly Hills');
    submit();
    await settle();
    await settle();
    expect(calls.find((c) => c.path === '/paypal-subscription/')?.body).toEqual({ plan_id: 'P-ADVANCED-USD', user_id: 'user-1' });
    expect(calls.some((c) => c.path === '/subscription/')).toBe(false);
    expect(tab.location.href).toBe('https://pay.example/approve/2');
  });

  it("no short_url: 'Error: Unable to generate payment link.' and the tab is closed", async () => {
    stubFetch({ '/subscription/': () => ({ status: 200, body: { subscription_id: 'x', short_url: '', trial_days: 0 } }) });
    const { tab } = stubOpen();
    await renderPage();
    await fillValid();
    submit();
    await settle();
    await settle();
    expect(tab.close).toHaveBeenCalled();
    expect(container.querySelector('[role="alert"]')?.textContent).toContain('Error: Unable to generate payment link.');
    // Nothing was cleared: the user can try again.
    expect(field('Address').value).toBe('12 Relief Road');
  });

  it('a server error naming a field shows under that field; others above the button', async () => {
    stubFetch({ '/create_billing/': () => ({ status: 400, body: { error: 'The billing country must be the country you are in (India).', field: 'country' } }) });
    const { tab } = stubOpen();
    await renderPage();
    await fillValid();
    submit();
    await settle();
    await settle();
    expect(tab.close).toHaveBeenCalled();
    expect(errorOf(field('Country'))).toBe('The billing country must be the country you are in (India).');
    expect(calls.some((c) => c.path === '/subscription/')).toBe(false);

    stubFetch({ '/subscription/': () => ({ status: 400, body: { error: 'Please save your billing address first.' } }) });
    const second = stubOpen();
    await fillValid();
    submit();
    await settle();
    await settle();
    expect(second.tab.close).toHaveBeenCalled();
    expect(container.querySelector('[role="alert"]')?.textContent).toContain('Please save your billing address first.');
  });

  it("no answer at all: 'An error occurred. Please try again.'", async () => {
    stubFetch({ '/create_billing/': () => Promise.reject(new TypeError('offline')) });
    const { tab } = stubOpen();
    await renderPage();
    await fillValid();
    submit();
    await settle();
    await settle();
    expect(tab.close).toHaveBeenCalled();
    expect(container.querySelector('[role="alert"]')?.textContent).toContain('An error occurred. Please try again.');
  });

  it('a blocked pop-up still gets the payment link, to open by hand', async () => {
    stubFetch();
    stubOpen(true);
    await renderPage();
    await fillValid();
    submit();
    await settle();
    await settle();
    const link = Array.from(container.querySelectorAll('a')).find((a) => a.textContent === 'Open the payment page');
    expect(link?.getAttribute('href')).toBe(`${window.location.origin}/api/sandbox/checkout/sbx_sub_1`);
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(text()).toContain('Your browser blocked the new tab.');
  });
});
