// Dates shown the Russian way: «21 ноября 2026 г.», «21.11.2026».

const longDate = new Intl.DateTimeFormat('ru-RU', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Moscow',
});
const shortDate = new Intl.DateTimeFormat('ru-RU', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'Europe/Moscow',
});

export function formatDateLong(date: Date | string): string {
  return longDate.format(new Date(date));
}

export function formatDateShort(date: Date | string): string {
  return shortDate.format(new Date(date));
}

const moscowTime = new Intl.DateTimeFormat('ru-RU', {
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Moscow',
});

/** «24 декабря 2026 г. в 10:00» — Moscow time, as the shop keeps its clock. */
export function formatDateTimeLong(date: Date | string): string {
  return `${formatDateLong(date)} в ${moscowTime.format(new Date(date))}`;
}

/** «2026-11-21» → «21.11.2026»; anything else → ''. A date field's text from the value kept in an address. */
export function isoToRussianDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return match ? `${match[3]}.${match[2]}.${match[1]}` : '';
}

/** «21.11.2026» (or «21.11.26»: this century) → «2026-11-21»; null for text that is not a real date. */
export function russianDateToIso(text: string): string | null {
  const match = /^\s*(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return null;
  const day = Number(match[1]);
  const month = Number(match[2]);
  const year = match[3]!.length === 2 ? 2000 + Number(match[3]) : Number(match[3]);
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
