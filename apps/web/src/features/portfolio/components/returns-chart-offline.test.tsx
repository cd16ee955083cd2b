import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { allowConsole } from '../../../../../../test/console-allow';
import { ReturnsChartCard } from './returns-chart-card';

// The chart's code cannot be loaded (the network went while the browser was idle).
vi.mock('./returns-chart', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

const investments = [
  {
    projectId: { _id: 'p1', name: 'Aurora Lakeside Cabins' },
    monthlyReturns: [{ month: '2026-01', amount: 200 }],
  },
];

describe('ReturnsChartCard when the chart cannot be loaded', () => {
  it('keeps the card, its summary and the placeholder instead of failing the page, and tries again online', async () => {
    allowConsole('error', /Failed to fetch dynamically imported module|returns-chart|ChartBoundary/);
    const { container } = render(<ReturnsChartCard investments={investments} />);
    await act(async () => {
      await new Promise((r) => setTimeout(r, 0));
    });
    await screen.findByRole('region', { name: 'Returns per Month' });
    expect(screen.getByText(/in total; the best month was/)).toBeInTheDocument();
    expect(
      container.querySelector(
        '[aria-hidden="true"] .animate-pulse, [aria-hidden="true"] [data-slot="skeleton"]',
      ),
    ).not.toBeNull();
    await act(async () => {
      window.dispatchEvent(new Event('online'));
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(screen.getByRole('region', { name: 'Returns per Month' })).toBeInTheDocument();
  });
});
