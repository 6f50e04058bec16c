import { describe, expect, it } from 'vitest';
import { auditActionName, auditChanges, auditObjectName, auditValue } from './audit-words.ts';
import { formatRub } from './money.ts';

describe('the audit log in words', () => {
  it('names known actions and still speaks Russian for a new one', () => {
    expect(auditActionName('order.status', 'order')).toBe('Изменён статус заказа');
    expect(auditActionName('order.split', 'order')).toBe('Изменение: заказ');
    expect(auditActionName('thing.do', 'thing')).toBe('Изменение: запись');
  });

  it('turns statuses, money, flags and HTML into words', () => {
    expect(auditChanges({ status: 'new' }, { status: 'cancelled', comment: 'Нет в наличии' })).toEqual([
      { field: 'Статус', before: 'новый', after: 'отменён' },
      { field: 'Комментарий', before: null, after: 'Нет в наличии' },
    ]);
    expect(auditValue('cena', 1250)).toBe(formatRub(1250));
    expect(auditValue('visible', false)).toBe('нет');
    expect(auditValue('description', '<p>Масло <b>лаванды</b></p>')).toBe('Масло лаванды');
    expect(auditValue('images', [])).toBe('—');
  });

  it('names the thing by its number, code or name', () => {
    expect(auditObjectName('order', '123', null, null)).toBe('заказ ЭФ-000123');
    expect(auditObjectName('product', '7', { name: 'Лаванда' }, null)).toBe('товар «Лаванда»');
    expect(auditObjectName('review', '9', { status: 'moderation' }, null)).toBe('отзыв (код 9)');
  });
});
