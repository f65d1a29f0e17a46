// @vitest-environment jsdom
/** The identity screen: the level and status, the thresholds, the form only when a submission may be made, its checks. */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { cleanUpAfterEach, renderWithClient, reply } from '@/testing/server';
import { IdentityPage } from './IdentityPage';

cleanUpAfterEach();

const PLATFORM = {
  success: true,
  moneyMode: 'real',
  realMoney: { minAge: 18, regions: [], kycThresholds: { single: 10000, rolling30Days: 50000 } },
};
const NONE = {
  success: true,
  level: 'none',
  status: 'none',
  reason: null,
  fullName: null,
  idType: null,
  submittedAt: null,
  decidedAt: null,
  documents: [],
};
const PENDING = {
  ...NONE,
  level: 'basic',
  status: 'pending',
  fullName: 'Ravi Kumar',
  idType: 'pan',
  submittedAt: '2026-05-10T10:00:00Z',
  documents: [{ id: 3, kind: 'front', contentType: 'image/png', size: 2048 }],
};

/** A fake server: the platform, the player's check (`kyc`), and what a POST of the form answers. */
function serve(kyc: unknown, post: () => Response = () => reply(201, PENDING)) {
  const posts: FormData[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      if (path === '/api/platform') return reply(200, PLATFORM);
      if (path === '/api/kyc' && init?.method === 'POST') {
        posts.push(init.body as FormData);
        return post();
      }
      if (path === '/api/kyc') return reply(200, kyc);
      if (path.startsWith('/api/kyc/documents/')) return new Response(new Blob(['png']), { status: 200 });
      return reply(404, { success: false, error: 'not_found', message: 'not found' });
    }),
  );
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:doc', revokeObjectURL: () => undefined }));
  return posts;
}

const png = (size: number, name = 'front.png') => new File([new Uint8Array(size)], name, { type: 'image/png' });

function fill() {
  fireEvent.change(screen.getByLabelText('Full name (as on the document)'), { target: { value: 'Ravi Kumar' } });
  fireEvent.change(screen.getByLabelText('Document'), { target: { value: 'pan' } });
  fireEvent.change(screen.getByLabelText('Document number'), { target: { value: 'ABCDE 1234F' } });
}

describe('identity screen', () => {
  it('states the thresholds and the level, and offers the form to a player never checked', async () => {
    serve(NONE);
    renderWithClient(<IdentityPage />);
    expect((await screen.findByTestId('kyc-level')).textContent).toBe('Not verified');
    expect(screen.getByTestId('kyc-thresholds').textContent).toBe(
      'Withdrawals above ₹10,000.00 a request or ₹50,000.00 in 30 days need a verified identity.',
    );
    expect(screen.getByTestId('kyc-form')).toBeTruthy();
  });

  it('says an image too large at once, and sends nothing', async () => {
    const posts = serve(NONE);
    renderWithClient(<IdentityPage />);
    await screen.findByTestId('kyc-form');
    fill();
    fireEvent.change(screen.getByLabelText('Front of the document'), {
      target: { files: [png(2 * 1024 * 1024 + 1)] },
    });
    expect((await screen.findByRole('alert')).textContent).toBe('This image is too large: at most 2 MB.');
    fireEvent.click(screen.getByRole('button', { name: 'Submit for Verification' }));
    expect(posts).toEqual([]);
  });

  it('sends the details and images as a form, then shows the submission waiting', async () => {
    const posts = serve(NONE);
    renderWithClient(<IdentityPage />);
    await screen.findByTestId('kyc-form');
    fill();
    fireEvent.change(screen.getByLabelText('Front of the document'), { target: { files: [png(2048)] } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit for Verification' }));
    await waitFor(() => expect(screen.getByTestId('kyc-status').textContent).toBe('Waiting for review'));
    expect(screen.queryByTestId('kyc-form')).toBeNull();
    const sent = posts[0] as FormData;
    expect([sent.get('fullName'), sent.get('idType'), sent.get('idNumber')]).toEqual([
      'Ravi Kumar',
      'pan',
      'ABCDE1234F',
    ]);
    expect((sent.get('front') as File).name).toBe('front.png');
    expect(sent.get('back')).toBeNull();
    expect(await screen.findByRole('img', { name: 'Front of your identity document' })).toBeTruthy();
  });

  it('shows a rejection’s reason and offers the form again', async () => {
    serve({ ...PENDING, level: 'none', status: 'rejected', reason: 'The photo is blurred.' });
    renderWithClient(<IdentityPage />);
    expect((await screen.findByTestId('kyc-reason')).textContent).toBe('Rejected: The photo is blurred.');
    expect(screen.getByRole('heading', { name: 'Submit Again' })).toBeTruthy();
  });

  it('shows the server’s refusal of the form', async () => {
    serve(NONE, () => reply(415, { success: false, error: 'not_an_image', message: 'That file is not an image.' }));
    renderWithClient(<IdentityPage />);
    await screen.findByTestId('kyc-form');
    fill();
    fireEvent.change(screen.getByLabelText('Front of the document'), { target: { files: [png(10)] } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit for Verification' }));
    expect((await screen.findByRole('alert')).textContent).toBe('That file is not an image.');
  });

  it('offers no form once verified', async () => {
    serve({ ...PENDING, level: 'verified', status: 'approved', decidedAt: '2026-05-11T10:00:00Z' });
    renderWithClient(<IdentityPage />);
    expect((await screen.findByTestId('kyc-level')).textContent).toBe('Verified');
    expect(screen.queryByTestId('kyc-form')).toBeNull();
  });
});
