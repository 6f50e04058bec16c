// Money is whole roubles (integers) everywhere; this formats them the Russian way: «12 345 ₽».

const rubles = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 0 });

export function formatRub(amount: number): string {
  return `${rubles.format(Math.round(amount))}\u00a0₽`;
}
