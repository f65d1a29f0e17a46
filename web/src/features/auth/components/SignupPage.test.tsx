// @vitest-environment jsdom
/** Sign-up in real mode asks the date of birth and the region, refuses an under-age date itself, and sends both. */
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cleanUpAfterEach, fakeServer, renderWithClient, reply, sent } from '@/testing/server';
import { SignupPage } from './SignupPage';

cleanUpAfterEach();

const REAL = {
  success: true,
  moneyMode: 'real',
  realMoney: {
    minAge: 18,
    regions: [
      { code: 'IN-MH', name: 'Maharashtra', allowed: true },
      { code: 'IN-TG', name: 'Telangana', allowed: false },
      { code: 'NP', name: 'Nepal', allowed: true },
    ],
    kycThresholds: { single: 10000, rolling30Days: 50000 },
  },
};
const PLAY = { success: true, moneyMode: 'play', playPoints: { grant: 1000, topUp: 500, ceiling: 2000 } };

function serve(platform: unknown, signup = () => reply(201, { success: true, id: 9, userNo: 100009, message: 'ok' })) {
  return fakeServer((method, path) => {
    if (path === '/api/platform') return reply(200, platform);
    if (method === 'POST' && path === '/api/signup') return signup();
    return undefined;
  });
}

function fillBasics() {
  fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ravi Kumar' } });
  fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '9876543210' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret1' } });
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));

describe('sign-up in real mode', () => {
  it('lists the regions, marking those not offered (they cannot be chosen)', async () => {
    serve(REAL);
    renderWithClient(<SignupPage />);
    const telangana = (await screen.findByRole('option', { name: 'Telangana — not offered' })) as HTMLOptionElement;
    expect(telangana.disabled).toBe(true);
    expect((screen.getByRole('option', { name: 'Maharashtra' }) as HTMLOptionElement).disabled).toBe(false);
    expect(screen.getByRole('group', { name: 'Countries' })).toBeTruthy();
  });

  it('refuses an under-age date of birth without asking the server', async () => {
    const calls = serve(REAL);
    renderWithClient(<SignupPage />);
    fillBasics();
    fireEvent.change(await screen.findByLabelText('Date of Birth'), { target: { value: '2020-01-15' } });
    fireEvent.change(screen.getByLabelText('State or Country'), { target: { value: 'IN-MH' } });
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('You must be 18 or older to sign up.');
    expect(sent(calls, 'POST', '/api/signup')).toEqual([]);
  });

  it('asks for a region before sending', async () => {
    const calls = serve(REAL);
    renderWithClient(<SignupPage />);
    fillBasics();
    fireEvent.change(await screen.findByLabelText('Date of Birth'), { target: { value: '1990-01-15' } });
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Choose the state or country where you live.');
    expect(sent(calls, 'POST', '/api/signup')).toEqual([]);
  });

  it('sends the date of birth and the region, and shows the server’s refusal', async () => {
    const calls = serve(REAL, () =>
      reply(403, { success: false, error: 'region_not_allowed', message: 'Not offered in your region.' }),
    );
    renderWithClient(<SignupPage />);
    fillBasics();
    fireEvent.change(await screen.findByLabelText('Date of Birth'), { target: { value: '1990-01-15' } });
    fireEvent.change(screen.getByLabelText('State or Country'), { target: { value: 'IN-MH' } });
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Not offered in your region.');
    expect(sent(calls, 'POST', '/api/signup')).toEqual([
      { username: '9876543210', email: 'Ravi Kumar', password: 'secret1', dateOfBirth: '1990-01-15', region: 'IN-MH' },
    ]);
  });
});

describe('sign-up in play mode', () => {
  it('asks neither the date of birth nor the region', async () => {
    const calls = serve(PLAY);
    renderWithClient(<SignupPage />);
    await screen.findByText('Create Account');
    fillBasics();
    submit();
    expect(await screen.findByRole('status')).toBeTruthy();
    expect(screen.queryByLabelText('Date of Birth')).toBeNull();
    expect(sent(calls, 'POST', '/api/signup')).toEqual([
      { username: '9876543210', email: 'Ravi Kumar', password: 'secret1' },
    ]);
  });
});
