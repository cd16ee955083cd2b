import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
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

describe('ReturnsChartCard: the chart waits for the first screen', () => {
  let idle: (() => void) | undefined;
  let report: ((entries: { isIntersecting: boolean }[]) => void) | undefined;
  beforeEach(() => {
    idle = undefined;
    report = undefined;
    vi.stubGlobal('requestIdleCallback', (cb: () => void) => {
      idle = cb;
      return 1;
    });
    vi.stubGlobal('cancelIdleCallback', () => {});
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(cb: (entries: { isIntersecting: boolean }[]) => void) {
          report = cb;
        }
        observe() {}
        disconnect() {}
      },
    );
  });

  const chart = (container: HTMLElement) => container.querySelector('svg.recharts-surface');
  const placeholder = (container: HTMLElement) => container.querySelector('figure .animate-pulse');

  it('on the first screen: a placeholder of its size and the summary, the chart once the browser is idle', async () => {
    const { container } = render(<ReturnsChartCard investments={investments} height={200} />);
    act(() => report!([{ isIntersecting: true }]));
    expect(placeholder(container)).toHaveStyle({ height: '200px' });
    expect(screen.getByRole('figure')).toHaveTextContent(
      'Jan 2025 to Dec 2026: €6,126 in total; the best month was',
    );
    expect(chart(container)).toBeNull();
    act(() => idle!());
    await waitFor(() => expect(chart(container)).not.toBeNull(), { timeout: 5_000 });
    expect(placeholder(container)).toBeNull();
  });

  it('below the first screen: at once when scrolled near, without waiting for idle', async () => {
    const { container } = render(<ReturnsChartCard investments={investments} />);
    act(() => report!([{ isIntersecting: false }]));
    expect(chart(container)).toBeNull();
    act(() => report!([{ isIntersecting: true }]));
    await waitFor(() => expect(chart(container)).not.toBeNull(), { timeout: 5_000 });
  });
});
