import { afterEach, describe, expect, it, vi } from 'vitest';
import { Component as DashboardPage } from './dashboard-page';
import { failure, fakeApi, findToast, renderAdmin } from './test-support';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Admin Dashboard', () => {
  it('says "Failed to load data" when the figures do not load', async () => {
    fakeApi((req) =>
      req.path === '/api/admin/dashboard' ? failure('The database is unavailable', 503) : undefined,
    );
    renderAdmin(<DashboardPage />, '');
    expect(await findToast('Failed to load data')).toHaveTextContent('The database is unavailable');
  });
});
