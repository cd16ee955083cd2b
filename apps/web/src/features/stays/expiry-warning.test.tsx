import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { ExpiryBanner } from './components/expiry-banner';
import { expiryWarning } from './expiry-warning';
import { toIsoDay } from './nights-format';

const today = new Date(2026, 11, 20, 15, 0);
const nights = (remainingNights: number, bonusNights: number, expirationDate: string) => ({
  remainingNights,
  bonusNights,
  expirationDate,
});

describe('expiryWarning', () => {
  it('counts unused nights (bonus included) and the days left, within 60 days', () => {
    expect(expiryWarning(nights(5, 2, '2027-01-31'), today)).toBe(
      '7 unused nights expire on Jan 31, 2027 (in 42 days). Book them before they are lost.',
    );
    expect(expiryWarning(nights(0, 1, '2026-12-21'), today)).toBe(
      '1 unused night expires on Dec 21, 2026 (in 1 day). Book it before it is lost.',
    );
    expect(expiryWarning(nights(3, 0, '2026-12-20'), today)).toMatch(/\(today\)/);
    expect(expiryWarning(nights(3, 0, '2027-02-18'), today)).toMatch(/\(in 60 days\)/);
  });

  it('says nothing when every night is used, the expiry is further off, or already passed', () => {
    expect(expiryWarning(nights(0, 0, '2027-01-31'), today)).toBeNull();
    expect(expiryWarning(nights(3, 0, '2027-02-19'), today)).toBeNull();
    expect(expiryWarning(nights(3, 0, '2026-12-19'), today)).toBeNull();
  });
});

describe('ExpiryBanner', () => {
  const inDays = (n: number) => {
    const d = new Date();
    d.setDate(d.getDate() + n);
    return toIsoDay(d);
  };
  const cabin = (expirationDate: string) => ({
    totalNights: 14,
    remainingNights: 4,
    bonusNights: 1,
    bonusNightsTotal: 1,
    bookedNights: 10,
    yearsRemaining: 0.1,
    expirationDate,
    requestedNights: [],
  });

  it('is a status message while unused nights expire within 60 days, and nothing otherwise', () => {
    const { rerender } = render(<ExpiryBanner nights={cabin(inDays(30))} />);
    expect(screen.getByRole('status')).toHaveTextContent(
      /^5 unused nights expire on .+ \(in 30 days\)\. Book them before they are lost\.$/,
    );
    rerender(<ExpiryBanner nights={cabin(inDays(90))} />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
