import { describe, expect, it } from 'vitest';
import {
  EMPTY_SCHEDULE,
  isPanna,
  marketChange,
  newMarketBody,
  pannaDigit,
  scheduleBody,
  scheduleOf,
} from './matka-markets';

describe('matka market forms', () => {
  it('a daily schedule: HH:MM times in order, weekdays 0 (Monday) to 6, sorted and unique', () => {
    expect(scheduleBody({ ...EMPTY_SCHEDULE, openTime: '9:05', closeTime: '17:45', weekdays: [4, 0, 0, 2] })).toEqual({
      schedule: { kind: 'daily', openTime: '09:05', closeTime: '17:45', weekdays: [0, 2, 4] },
    });
    expect(scheduleBody({ ...EMPTY_SCHEDULE, openTime: '18:00', closeTime: '17:00' })).toEqual({
      error: 'The open time must come before the close time, within the day',
    });
    expect(scheduleBody({ ...EMPTY_SCHEDULE, openTime: '24:00' })).toEqual({ error: 'Times are HH:MM (IST, 24-hour)' });
    expect(scheduleBody({ ...EMPTY_SCHEDULE, weekdays: [] })).toEqual({
      error: 'A market runs on at least one weekday',
    });
  });

  it('a quick schedule: every 20 to 86,400 seconds', () => {
    expect(scheduleBody({ ...EMPTY_SCHEDULE, kind: 'every', seconds: '20' })).toEqual({
      schedule: { kind: 'every', seconds: 20 },
    });
    for (const bad of ['19', '86401', '', '2.5'])
      expect('error' in scheduleBody({ ...EMPTY_SCHEDULE, kind: 'every', seconds: bad })).toBe(true);
  });

  it('a new market needs a name; a change sends only what changed', () => {
    expect(
      newMarketBody({
        name: '  Test Bazar ',
        mode: 'declared',
        schedule: { ...EMPTY_SCHEDULE, kind: 'every', seconds: '20' },
      }),
    ).toEqual({
      body: { name: 'Test Bazar', mode: 'declared', schedule: { kind: 'every', seconds: 20 } },
    });
    expect(newMarketBody({ name: ' ', mode: 'drawn', schedule: EMPTY_SCHEDULE })).toEqual({
      error: 'A market needs a name',
    });
    const m = { marketName: 'Kalyan', active: true };
    expect(marketChange(m, 'Kalyan', true, null)).toEqual({ change: {} });
    expect(marketChange(m, 'Kalyan Night', false, null)).toEqual({ change: { name: 'Kalyan Night', active: false } });
    expect(marketChange(m, 'Kalyan', true, { ...EMPTY_SCHEDULE, kind: 'every', seconds: '60' })).toEqual({
      change: { schedule: { kind: 'every', seconds: 60 } },
    });
  });

  it('reads a schedule off the list: a daily market’s times, a quick market’s cycle from its draw', () => {
    expect(scheduleOf({ openTime: '15:45', closeTime: '17:45', opensAt: 1, closesAt: 2 })).toMatchObject({
      kind: 'daily',
      openTime: '15:45',
      closeTime: '17:45',
    });
    expect(
      scheduleOf({
        openTime: '08:28:50',
        closeTime: '08:29:00',
        opensAt: 1_795_489_130_000,
        closesAt: 1_795_489_140_000,
      }),
    ).toMatchObject({ kind: 'every', seconds: '20' });
  });

  it('pannas to declare are written in the game’s order', () => {
    for (const p of ['134', '479', '190', '550', '000']) expect(isPanna(p)).toBe(true);
    for (const p of ['143', '019', '13', '1345', 'abc']) expect(isPanna(p)).toBe(false);
    expect(pannaDigit('134')).toBe(8);
  });
});
