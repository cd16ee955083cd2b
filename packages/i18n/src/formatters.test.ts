import { describe, expect, it } from 'vitest';
import { listDays, stayText } from './formatters';
import { createTranslator, englishTranslator } from './translator';

describe('the shared formatters', () => {
  it('list days as each language writes them, at most `max` of them', () => {
    expect(listDays(['2026-02-12'], 'en')).toBe('Feb 12, 2026');
    expect(listDays(['2026-02-12', '2026-02-13'], 'en')).toBe('Feb 12, 2026 and Feb 13, 2026');
    expect(listDays(['2026-02-12', '2026-02-13', '2026-02-14', '2026-02-15'], 'en')).toBe(
      'Feb 12, 2026, Feb 13, 2026, Feb 14, 2026 and 1 more',
    );
    expect(listDays(['2026-02-12', '2026-02-13'], 'de')).toBe('12. Feb. 2026 und 13. Feb. 2026');
    expect(listDays(['2026-02-12', '2026-02-13'], 'nb', 1)).toBe('12. feb. 2026 og 1 til');
  });

  it("write a stay's nights as check-in → check-out, each run apart, as contracts' stayDates does", () => {
    expect(stayText(['2026-12-15', '2026-12-14', '2026-12-16'], 'en')).toBe('Dec 14 → Dec 17, 2026');
    expect(stayText(['2026-12-30', '2026-12-31', '2027-01-01', '2027-02-12'], 'en')).toBe(
      'Dec 30, 2026 → Jan 2, 2027; Feb 12 → Feb 13, 2027',
    );
    expect(stayText(['2026-12-14', '2026-12-15', '2026-12-16'], 'de')).toBe('14. Dez. → 17. Dez. 2026');
  });

  it('word a coded refusal in English exactly as before, and in German with German days, words and plurals', async () => {
    const i18n = await createTranslator();
    const params = { count: 2, season: 'Easter', from: '2026-03-28', to: '2026-04-06', held: 2, asked: 1 };
    expect(englishTranslator().t('stays:errors.swap_high_season_limit', params)).toBe(
      'You: High-season limit: you may hold 2 nights in Easter (Mar 28, 2026 – Apr 6, 2026) and hold 2; this request asks for 1 more',
    );
    expect(i18n.t('stays:errors.high_season_limit', { ...params, count: 1, lng: 'de' })).toBe(
      'Grenze der Hochsaison: Sie dürfen in Easter (28. März 2026 – 6. Apr. 2026) 1 Nacht halten und halten 2; diese Anfrage umfasst 1 weitere',
    );
    expect(i18n.t('stays:errors.nights_remain_bonus', { count: 3, bonus: 1, requested: 5, lng: 'de' })).toBe(
      'Nur noch 3 Nächte sind verfügbar (davon 1 als Bonus); diese Anfrage umfasst 5',
    );
    expect(i18n.t('stays:errors.fully_booked', { nights: '2026-02-12,2026-02-13', lng: 'nb' })).toBe(
      'Fullbooket: 12. feb. 2026 og 13. feb. 2026. Velg andre datoer.',
    );
    // An enum value is worded by its own key in German and Norwegian; English says the value itself.
    expect(i18n.t('stays:errors.request_decided', { status: 'declined', lng: 'de' })).toBe(
      'Diese Anfrage ist bereits abgelehnt',
    );
    expect(i18n.t('stays:errors.request_decided', { status: 'declined', lng: 'en' })).toBe(
      'This request is already declined',
    );
    expect(i18n.t('stays:errors.rental_price_cap', { cap: 1250.5, lng: 'de' })).toBe(
      'Der Mietpreis darf höchstens 1.250,50\u00a0€ pro Nacht betragen',
    );
    expect(
      i18n.t('distributions:errors.month_not_begun', { month: '2026-12', current: '2026-11', lng: 'en' }),
    ).toBe('Dec 2026 has not begun yet: a return can be recorded up to Nov 2026');
    expect(
      i18n.t('distributions:errors.adjustment_capital_negative', {
        returned: 0,
        name: 'Cap Holder',
        project: 'Lakeside',
        amount: -1,
        lng: 'en',
      }),
    ).toBe(
      'Only €0.00 of capital was returned to Cap Holder in Lakeside: an adjustment of -€1.00 would make it negative',
    );
    expect(i18n.t('investments:errors.iban_format', { country: 'FI', lng: 'de' })).toBe(
      'Dies ist nicht das Format einer IBAN aus Finnland: Bitte prüfen Sie sie auf einen Tippfehler',
    );
    expect(i18n.t('investments:errors.iban_format', { country: 'FI', lng: 'en' })).toBe(
      'This is not the format of an IBAN from Finland: please check it for a typing error',
    );
    expect(i18n.t('stays:errors.rental_price_cap', { cap: 150, lng: 'en' })).toBe(
      'The rental price can be at most €150 a night',
    );
  });
});
