import { describe, expect, it } from 'vitest';
import { ageOn, birthDateProblem, istToday, parseBirthDate } from './birth-date';

const day = (year: number, month: number, d: number) => ({ year, month, day: d });

describe('parseBirthDate', () => {
  it('reads a date input value', () => {
    expect(parseBirthDate('1990-01-15')).toEqual(day(1990, 1, 15));
  });
  it('refuses a malformed value or a day that does not exist', () => {
    for (const s of [
      '',
      '1990-1-15',
      '15/01/1990',
      '1990-13-01',
      '1990-00-10',
      '1990-02-30',
      '2023-02-29',
      'abcd-ef-gh',
    ])
      expect(parseBirthDate(s), s).toBeNull();
  });
  it('accepts 29 February in a leap year only', () => {
    expect(parseBirthDate('2004-02-29')).toEqual(day(2004, 2, 29));
    expect(parseBirthDate('1900-02-29')).toBeNull();
  });
});

describe('ageOn', () => {
  it('counts a year only once the birthday has come', () => {
    expect(ageOn(day(2000, 6, 15), day(2018, 6, 14))).toBe(17);
    expect(ageOn(day(2000, 6, 15), day(2018, 6, 15))).toBe(18);
    expect(ageOn(day(2000, 6, 15), day(2018, 12, 31))).toBe(18);
  });
  it('turns someone born on 29 February a year older on 1 March in other years', () => {
    expect(ageOn(day(2004, 2, 29), day(2022, 2, 28))).toBe(17);
    expect(ageOn(day(2004, 2, 29), day(2022, 3, 1))).toBe(18);
  });
});

describe('istToday', () => {
  it('is the date in India, which is ahead of UTC by 5:30', () => {
    expect(istToday(new Date('2026-03-31T18:29:00Z'))).toEqual(day(2026, 3, 31));
    expect(istToday(new Date('2026-03-31T18:30:00Z'))).toEqual(day(2026, 4, 1));
  });
});

describe('birthDateProblem', () => {
  const today = day(2026, 5, 10);
  it('accepts someone 18 today', () => {
    expect(birthDateProblem('2008-05-10', 18, today)).toBeNull();
  });
  it('refuses someone 18 tomorrow as under age', () => {
    expect(birthDateProblem('2008-05-11', 18, today)).toBe('underage');
  });
  it('follows the configured minimum age', () => {
    expect(birthDateProblem('2005-05-11', 21, today)).toBe('underage');
    expect(birthDateProblem('2005-05-10', 21, today)).toBeNull();
  });
  it('says missing, invalid and future apart', () => {
    expect(birthDateProblem('  ', 18, today)).toBe('missing');
    expect(birthDateProblem('2008-02-30', 18, today)).toBe('invalid');
    expect(birthDateProblem('2026-05-11', 18, today)).toBe('future');
    expect(birthDateProblem('2027-01-01', 18, today)).toBe('future');
  });
});
