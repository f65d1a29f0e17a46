import { describe, expect, it } from 'vitest';
import { BREAK_CHOICES, SELF_EXCLUSION_CHOICES } from './exclusion';
import { groupOf, leftOf, parseLimitAmount, periodOf, usedShown, waitsForRaise } from './limits';
import { minutesPlayed, nextPromptAt } from './reminder';
import { deviceOf } from './user-agent';

const UA = {
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 13; SM-A536E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
  samsung:
    'Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
  chromeIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0.6099.119 Mobile/15E148 Safari/604.1',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91',
  firefoxLinux: 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0',
  headless:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.0.0 Safari/537.36',
};

describe('deviceOf', () => {
  it('names the browser and the system of common phones and computers', () => {
    expect(deviceOf(UA.chromeAndroid)).toEqual({ browser: 'Chrome', os: 'Android' });
    expect(deviceOf(UA.samsung)).toEqual({ browser: 'Samsung Internet', os: 'Android' });
    expect(deviceOf(UA.safariIphone)).toEqual({ browser: 'Safari', os: 'iOS' });
    expect(deviceOf(UA.chromeIphone)).toEqual({ browser: 'Chrome', os: 'iOS' });
    expect(deviceOf(UA.edgeWindows)).toEqual({ browser: 'Edge', os: 'Windows' });
    expect(deviceOf(UA.firefoxLinux)).toEqual({ browser: 'Firefox', os: 'Linux' });
    expect(deviceOf(UA.headless)).toEqual({ browser: 'Chrome', os: 'Linux' });
  });

  it('knows nothing of a missing or strange user agent', () => {
    expect(deviceOf(null)).toEqual({ browser: null, os: null });
    expect(deviceOf('curl/8.4.0')).toEqual({ browser: null, os: null });
  });
});

describe('limits', () => {
  it('groups and periods', () => {
    expect(groupOf('deposit_week')).toBe('deposit');
    expect(groupOf('loss_day')).toBe('loss');
    expect(groupOf('max_stake')).toBe('stake');
    expect(periodOf('loss_month')).toBe('month');
    expect(periodOf('deposit_day')).toBe('day');
    expect(periodOf('max_stake')).toBeNull();
  });

  it('takes rupees above 0 with at most two decimals', () => {
    expect(parseLimitAmount(' 20 ')).toBe(20);
    expect(parseLimitAmount('99.5')).toBe(99.5);
    expect(parseLimitAmount('1000.25')).toBe(1000.25);
    for (const bad of ['', '0', '0.00', '-5', '1.234', 'abc', '1e3', '10,000'])
      expect(parseLimitAmount(bad), bad).toBeNull();
  });

  it('shows a loss period the player is ahead in as nothing lost, and what is left', () => {
    expect(usedShown({ used: -40 })).toBe(0);
    expect(usedShown({ used: 12.5 })).toBe(12.5);
    expect(usedShown({ used: null })).toBeNull();
    expect(leftOf({ amount: 20, used: 12.5 })).toBe(7.5);
    expect(leftOf({ amount: 20, used: 25 })).toBe(0);
    expect(leftOf({ amount: 20, used: -10 })).toBe(20);
    expect(leftOf({ amount: null, used: 5 })).toBeNull();
    expect(leftOf({ amount: 500, used: null })).toBeNull();
  });

  it('knows which changes wait 24 hours: a raise or a removal of a limit in force', () => {
    expect(waitsForRaise({ amount: null }, 100)).toBe(false);
    expect(waitsForRaise({ amount: 100 }, 50)).toBe(false);
    expect(waitsForRaise({ amount: 100 }, 100)).toBe(false);
    expect(waitsForRaise({ amount: 100 }, 150)).toBe(true);
    expect(waitsForRaise({ amount: 100 }, null)).toBe(true);
  });
});

describe('session reminder clock', () => {
  const since = 1_700_000_000_000;
  const min = 60_000;
  it('falls every N minutes since login, whenever it is asked', () => {
    expect(nextPromptAt(since, since, 30)).toBe(since + 30 * min);
    expect(nextPromptAt(since, since + 29 * min, 30)).toBe(since + 30 * min);
    expect(nextPromptAt(since, since + 30 * min, 30)).toBe(since + 60 * min);
    expect(nextPromptAt(since, since + 47 * min, 15)).toBe(since + 60 * min);
    // a clock a little behind the login still waits for the first prompt
    expect(nextPromptAt(since, since - 5000, 15)).toBe(since + 15 * min);
  });

  it('counts whole minutes played', () => {
    expect(minutesPlayed(since, since + 59_999)).toBe(0);
    expect(minutesPlayed(since, since + 30 * min + 10)).toBe(30);
    expect(minutesPlayed(since, since - 10)).toBe(0);
  });
});

describe('exclusion choices', () => {
  it('stay within what the server allows', () => {
    expect(BREAK_CHOICES.map((c) => (c.request.kind === 'break' ? c.request.days : 0))).toEqual([1, 3, 7, 14, 42]);
    expect(SELF_EXCLUSION_CHOICES.map((c) => (c.request.kind === 'self_exclusion' ? c.request.months : 0))).toEqual([
      6, 12, 24, 60,
    ]);
  });
});
