import { describe, expect, it } from 'vitest';
import { cleanPath } from './root';
import { homeFor } from '@/features/auth/use-redirect-signed-in';
import { chatUrl } from './shell/chat-button';

describe('cleanPath', () => {
  it('removes backticks, raw or encoded', () => {
    expect(cleanPath('/perks`')).toBe('/perks');
    expect(cleanPath('/%60documents%60')).toBe('/documents');
    expect(cleanPath('/updates')).toBe('/updates');
  });
});

describe('homeFor', () => {
  it('sends admins to /admin and everyone else to /, or back where they came from', () => {
    expect(homeFor(true)).toBe('/admin');
    expect(homeFor(false)).toBe('/');
    expect(homeFor(false, '/perks')).toBe('/perks');
    expect(homeFor(false, '/admin/users')).toBe('/');
    expect(homeFor(true, '/admin/users')).toBe('/admin/users');
    expect(homeFor(false, '/login')).toBe('/');
  });
});

describe('chatUrl', () => {
  it('prefills a message about the investment, to the number the admins set', () => {
    const url = new URL(
      chatUrl(
        '+358401234567',
        { name: 'Emma Lindqvist', investorId: 'INV-1' } as never,
        'Aurora Lakeside Cabins',
      ),
    );
    expect(url.hostname).toBe('wa.me');
    expect(url.pathname).toBe('/358401234567');
    expect(url.searchParams.get('text')).toBe(
      'Hello, this is Emma Lindqvist (investor ID INV-1). I have a question about my investment in Aurora Lakeside Cabins.',
    );
  });
});
