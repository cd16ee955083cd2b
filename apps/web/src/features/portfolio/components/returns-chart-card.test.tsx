import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
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

/**
 * jsdom lays nothing out: give the chart's container a size and a ResizeObserver, as a browser would,
 * so that recharts draws.
 */
beforeEach(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const sized = this.classList.contains('recharts-responsive-container');
    return DOMRect.fromRect(sized ? { width: 640, height: 280 } : { width: 0, height: 0 });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ReturnsChartCard', () => {
  it('loads the chart lazily and draws one bar a project a month, stacked', async () => {
    const { container } = render(<ReturnsChartCard investments={investments} />);
    expect(screen.getByRole('region', { name: 'Returns per Month' })).toBeInTheDocument();
    // All 24 months: 24 × 200/210 for Aurora and 12 × 100.50 for Pine Hollow.
    expect(screen.getByRole('figure')).toHaveTextContent('€6,126 from Jan 2025 to Dec 2026');
    await waitFor(() => expect(container.querySelector('svg.recharts-surface')).not.toBeNull(), {
      timeout: 5_000,
    });
    await waitFor(() => expect(container.querySelectorAll('.recharts-bar-rectangle').length).toBe(24 + 12));
    expect(screen.getByText('Aurora Lakeside Cabins')).toBeInTheDocument();
    expect(screen.getByText('Pine Hollow')).toBeInTheDocument();
  });

  it('shows the last year only when asked', async () => {
    const { container } = render(<ReturnsChartCard investments={investments} />);
    await userEvent.click(screen.getByRole('button', { name: '1 year' }));
    expect(screen.getByRole('button', { name: '1 year' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('figure')).toHaveTextContent('€3,726 from Jan 2026 to Dec 2026');
    await waitFor(() => expect(container.querySelectorAll('.recharts-bar-rectangle').length).toBe(12 + 12), {
      timeout: 5_000,
    });
  });

  it('draws nothing without monthly returns', () => {
    const { container } = render(
      <ReturnsChartCard investments={[{ projectId: { _id: 'p1', name: 'Aurora' }, monthlyReturns: [] }]} />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
