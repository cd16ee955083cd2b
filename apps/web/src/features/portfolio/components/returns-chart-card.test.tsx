import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ReturnsChartCard } from './returns-chart-card';

const months = (year: number, amount: number) =>
  Array.from({ length: 12 }, (_, i) => ({ month: `${year}-${String(i + 1).padStart(2, '0')}`, amount }));

const investments = [
  {
    projectId: { _id: 'p1', name: 'Aurora Lakeside Cabins' },
    monthlyReturns: [...months(2025, 200), ...months(2026, 210)],
  },
  { projectId: { _id: 'p2', name: 'Pine Hollow' }, monthlyReturns: months(2026, 100.5) },
];

const bars = (container: HTMLElement, series: string) =>
  container.querySelectorAll(`rect[data-series="${series}"]`);

describe('ReturnsChartCard', () => {
  it('draws with the card one bar a project a month, stacked, and a legend', () => {
    const { container } = render(<ReturnsChartCard investments={investments} />);
    expect(screen.getByRole('region', { name: 'Returns per Month' })).toBeInTheDocument();
    // All 24 months: 24 × 200/210 for Aurora and 12 × 100.50 for Pine Hollow.
    expect(screen.getByRole('figure')).toHaveTextContent('€6,126 from Jan 2025 to Dec 2026');
    expect(bars(container, 'p0')).toHaveLength(24);
    expect(bars(container, 'p1')).toHaveLength(12);
    // Axis up to €400 (a highest month of €310.50): Pine Hollow's December sits on Aurora's.
    const aurora = container.querySelector('rect[data-month="2026-12"][data-series="p0"]')!;
    const pine = container.querySelector('rect[data-month="2026-12"][data-series="p1"]')!;
    expect(aurora.getAttribute('height')).toBe('52.5%');
    expect(aurora.getAttribute('y')).toBe('47.5%');
    expect(pine.getAttribute('height')).toBe('25.125%');
    expect(pine.getAttribute('y')).toBe('22.375%');
    expect(
      within(screen.getByTestId('returns-chart'))
        .getAllByText(/^€\d+$/)
        .map((t) => t.textContent),
    ).toEqual(['€0', '€100', '€200', '€300', '€400']);
    expect(screen.getByText('Aurora Lakeside Cabins')).toBeInTheDocument();
    expect(screen.getByText('Pine Hollow')).toBeInTheDocument();
    // Six month labels at most, the latest always among them.
    expect(screen.getByText('Dec 2026')).toBeInTheDocument();
    expect(within(screen.getByTestId('returns-chart')).getAllByText(/^[A-Z][a-z]{2} \d{4}$/)).toHaveLength(6);
  });

  it("shows a month's figures while the pointer is on it", () => {
    const { container } = render(<ReturnsChartCard investments={investments} />);
    const chart = screen.getByTestId('returns-chart');
    expect(within(chart).queryByText('Total')).toBeNull();
    // The month's hover target is the last rectangle of its column: the 24th month is Dec 2026.
    const targets = container.querySelectorAll('rect[fill="transparent"]');
    expect(targets).toHaveLength(24);
    fireEvent.pointerEnter(targets[23]!);
    const tip = within(chart).getByText('Total').closest('div')!;
    expect(tip).toHaveTextContent('Dec 2026');
    expect(tip).toHaveTextContent('Aurora Lakeside Cabins€210');
    expect(tip).toHaveTextContent('Pine Hollow€100.50');
    expect(tip).toHaveTextContent('Total€310.50');
    // A narrow plot (jsdom lays out nothing: width 0) puts the figures over the month, kept inside.
    expect(tip).toHaveStyle({ left: '97.9167%', transform: 'translateX(-97.9167%)' });
    // January 2025: only Aurora paid; no zero line for Pine Hollow, no total of one.
    fireEvent.pointerEnter(targets[0]!);
    const january = within(chart).getByText('Jan 2025', { selector: 'p' }).closest('div')!;
    expect(january).toHaveTextContent(/^Jan 2025Aurora Lakeside Cabins€200$/);
    fireEvent.pointerLeave(container.querySelector('svg')!);
    expect(within(chart).queryByText('Jan 2025', { selector: 'p' })).toBeNull();
  });

  it('shows the last year only when asked', async () => {
    const { container } = render(<ReturnsChartCard investments={investments} />);
    await userEvent.click(screen.getByRole('button', { name: '1 year' }));
    expect(screen.getByRole('button', { name: '1 year' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('figure')).toHaveTextContent('€3,726 from Jan 2026 to Dec 2026');
    expect(bars(container, 'p0')).toHaveLength(12);
    expect(bars(container, 'p1')).toHaveLength(12);
  });

  it('draws nothing without monthly returns', () => {
    const { container } = render(
      <ReturnsChartCard investments={[{ projectId: { _id: 'p1', name: 'Aurora' }, monthlyReturns: [] }]} />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
