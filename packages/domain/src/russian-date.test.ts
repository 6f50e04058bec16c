import { describe, expect, it } from 'vitest';
import { isoToRussianDate, russianDateToIso } from './dates.ts';

describe('dates typed the Russian way, «дд.мм.гггг»', () => {
  it('reads a real date and refuses what is not one', () => {
    expect(russianDateToIso('21.11.2026')).toBe('2026-11-21');
    expect(russianDateToIso('1.2.26')).toBe('2026-02-01');
    expect(russianDateToIso('31.02.2026')).toBeNull();
    expect(russianDateToIso('2026-11-21')).toBeNull();
    expect(russianDateToIso('')).toBeNull();
  });

  it('writes the address’s date back as the field shows it', () => {
    expect(isoToRussianDate('2026-11-21')).toBe('21.11.2026');
    expect(isoToRussianDate('')).toBe('');
  });
});
