import { describe, expect, it } from 'vitest';
import { investmentsPayload } from './investment-card';

describe('investmentsPayload', () => {
  it('keeps only the selected project, and only with an amount above 0', () => {
    expect(investmentsPayload('p1', 2500.5, '2025-01-01')).toEqual({
      projectId: 'p1',
      investments: [{ projectId: 'p1', amount: 2500.5, startDate: '2025-01-01' }],
    });
    expect(investmentsPayload('p1', 0, '')).toEqual({ projectId: 'p1', investments: [] });
    expect(investmentsPayload('p1', Number.NaN, '')).toEqual({ projectId: 'p1', investments: [] });
  });
});
