// @vitest-environment jsdom
/** Profile: name and email edited and saved, the server's refusals shown at their field, the mobile read-only. */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ProfilePage } from './ProfilePage';
import { cleanUpAfterEach, renderWithClient, reply } from '@/testing/server';

const USER = {
  id: 7,
  _id: '7',
  userNo: 100007,
  username: '9876543210',
  name: 'Asha Player',
  email: '',
  phone: '',
  mobile: '',
  role: 'player',
};
let put: unknown[];
let answer: (body: Record<string, unknown>) => Response;

beforeEach(() => {
  put = [];
  answer = (body) => reply(200, { ...USER, ...body });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      if (path === '/api/name/7') return reply(200, USER);
      if (path === '/api/account/profile' && init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        put.push(body);
        return answer(body);
      }
      return reply(404, { error: 'not_found', message: 'not found' });
    }),
  );
});
cleanUpAfterEach();

function show() {
  renderWithClient(<ProfilePage userId="7" />);
}

describe('Profile', () => {
  it('saves the name and email (an empty email as none); the mobile reads NA', async () => {
    show();
    await waitFor(() => expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Asha Player'));
    expect((screen.getByLabelText('Mobile') as HTMLInputElement).value).toBe('NA');
    expect((screen.getByLabelText('Mobile') as HTMLInputElement).readOnly).toBe(true);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: ' Asha Devi ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Profile saved.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'asha@example.in' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(put).toHaveLength(2));
    expect(put).toEqual([
      { name: 'Asha Devi', email: null },
      { name: 'Asha Devi', email: 'asha@example.in' },
    ]);
  });

  it('shows the server’s refusal under the field it is about', async () => {
    answer = () => reply(409, { error: 'email_taken', message: 'That email address is already in use.' });
    show();
    await waitFor(() => expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Asha Player'));
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'taken@example.in' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const error = await screen.findByText('That email address is already in use.');
    expect(error.id).toBe('pf-email-error');
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
  });

  it('needs a name', async () => {
    show();
    await waitFor(() => expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Asha Player'));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Enter your name.')).toBeTruthy();
    expect(put).toEqual([]);
  });
});
