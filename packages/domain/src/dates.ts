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
