// @vitest-environment jsdom
/**
 * The daily top-up on a fake server: what a claim adds now, the claim (the wallet it answers goes into the cache, then
 * when the next opens), the ceiling, and a refusal in the player's language.
 */
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '@/i18n';
import { walletQueryKey } from '@/lib/wallet';
import { cleanUpAfterEach, fakeServer, renderWithClient, reply, sent, type Call } from '@/testing/server';
import { DailyTopUp } from './DailyTopUp';

const NEXT_AT = Date.UTC(2026, 10, 29, 18, 30); // midnight IST, 30 Nov 2026
const OPEN = { success: true, claimedToday: false, available: 500, nextAt: NEXT_AT };
const CLAIMED = { ...OPEN, claimedToday: true, available: 0 };

let status: object;
let claim: () => Response;
let calls: Call[];

beforeEach(() => {
  status = OPEN;
  claim = () => reply(200, { success: true, credited: 500, balance: 1500, exposureBalance: 20, nextAt: NEXT_AT });
  calls = fakeServer((method, path) => {
    if (method === 'GET' && path === '/api/play-points') return reply(200, status);
    if (method === 'POST' && path === '/api/play-points/top-up') return claim();
    return undefined;
  });
});
afterEach(() => i18n.changeLanguage('en'));
cleanUpAfterEach();

const show = () => renderWithClient(<DailyTopUp userId="7" />);

describe('daily top-up', () => {
  it('claims what is available; the wallet and the next opening follow the answer', async () => {
    const { client } = show();
    fireEvent.click(await screen.findByRole('button', { name: 'Claim daily points: ₹500.00' }));
    expect((await screen.findByTestId('top-up-next')).textContent).toBe('Next daily points: 30 Nov 2026, 00:00');
    expect(sent(calls, 'POST', '/api/play-points/top-up')).toEqual([{}]);
    expect(client.getQueryData(walletQueryKey('7'))).toEqual({ balance: 1500, exposureBalance: 20 });
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says when the next opens once today is claimed, and when the balance is at the ceiling', async () => {
    status = CLAIMED;
    show();
    expect((await screen.findByTestId('top-up-next')).textContent).toBe('Next daily points: 30 Nov 2026, 00:00');
    expect(screen.queryByRole('button')).toBeNull();
    status = { ...OPEN, available: 0 };
    show();
    expect(await screen.findByText('Daily points: your balance is at the top')).toBeTruthy();
  });

  it("shows a refusal: the server's words in English, the code's text in Hindi", async () => {
    claim = () => reply(409, { success: false, error: 'top_up_claimed', message: "Today's top-up has been claimed" });
    show();
    const button = await screen.findByRole('button', { name: 'Claim daily points: ₹500.00' });
    status = CLAIMED;
    fireEvent.click(button);
    expect((await screen.findByRole('alert')).textContent).toBe("Today's top-up has been claimed");
    expect((await screen.findByTestId('top-up-next')).textContent).toMatch(/^Next daily points/);
    await i18n.changeLanguage('hi');
    expect(screen.getByRole('alert').textContent).toBe('आज के रोज़ के पॉइंट्स ले लिए गए हैं। अगले भारतीय समय आधी रात को खुलेंगे।');
  });
});
