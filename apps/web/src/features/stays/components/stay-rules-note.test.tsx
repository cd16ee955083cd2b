import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StayRulesNote } from './stay-rules-note';
import { StayGuide } from './stay-guide';

const { rules, guide } = vi.hoisted(() => ({
  rules: {
    projectId: 'p',
    turnoverDays: 1,
    lastMinuteDays: 7,
    seasons: [
      { from: '2027-07-01', to: '2027-08-15', minNights: 7, checkInWeekdays: [6] },
      { from: '2020-07-01', to: '2020-08-15', minNights: 3, checkInWeekdays: [] },
    ],
  },
  guide: {
    data: {
      availableFrom: '2027-06-17',
      guides: [] as { cabin: string; guide: Record<string, string> }[],
    },
  },
}));
vi.mock('@/queries/stay-rules', () => ({ useStayRules: () => ({ data: rules }) }));
vi.mock('@/queries/cabins', () => ({ useStayGuide: () => guide }));

describe('StayRulesNote', () => {
  it('lists the seasons still to come with their minimum stay and check-in day, the turnover day and last-minute stays', () => {
    render(<StayRulesNote projectId="p" today="2027-01-10" />);
    const note = screen.getByRole('region', { name: 'Stay rules' });
    const items = within(note)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual([
      'Between Jul 1, 2027 and Aug 15, 2027 stays are at least 7 nights. They start on a Saturday.',
      'A cabin is cleaned the day after each stay, so it is not free that day.',
      'Stays starting within 7 days may be requested outside the high-season limit.',
    ]);
  });
});

describe('StayGuide', () => {
  it('says from when the guide is shown, and shows it once the server gives it', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<StayGuide bookingId="b" />);
    await user.click(screen.getByText('Cabin guide'));
    expect(screen.getByText('The cabin guide is shown from Jun 17, 2027.')).toBeInTheDocument();

    guide.data.guides = [
      {
        cabin: 'Birch',
        guide: {
          address: 'Fjellvegen 1',
          access: 'Key box',
          houseRules: '',
          wifi: 'birch / pw',
          waste: '',
          contacts: 'Ola',
        },
      },
    ];
    rerender(<StayGuide bookingId="b" />);
    const section = screen.getByRole('region', { name: 'Everything for your arrival at Birch.' });
    expect(within(section).getByText('How to get in').nextSibling).toHaveTextContent('Key box');
    expect(within(section).queryByText('House rules')).toBeNull();
  });
});
