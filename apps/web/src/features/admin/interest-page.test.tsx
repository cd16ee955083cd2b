import { afterEach, describe, expect, it, vi } from 'vitest';
import { Component as InterestPage } from './interest-page';
import { failure, fakeApi, findToast, renderAdmin } from './test-support';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Interest Registrations', () => {
  it('says "Failed to load data" when the registrations do not load', async () => {
    fakeApi((req) =>
      req.path === '/api/interest' ? failure('The database is unavailable', 503) : undefined,
    );
    renderAdmin(<InterestPage />, 'interest');
    expect(await findToast('Failed to load data')).toHaveTextContent('The database is unavailable');
  });
});
