import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { resetToasts, toast } from '@/lib/toast';
import { DeferredToaster } from './deferred-toaster';

describe('DeferredToaster', () => {
  afterEach(() => {
    resetToasts();
    sessionStorage.clear();
  });

  it('renders nothing until the first toast, then loads the Toaster and shows it', async () => {
    const { container } = render(<DeferredToaster />);
    expect(container).toBeEmptyDOMElement();
    expect(screen.queryByRole('region', { name: /F8/ })).not.toBeInTheDocument();
    act(() => void toast({ title: 'Saved', description: 'Project updated' }));
    expect((await screen.findAllByText('Project updated')).length).toBeGreaterThan(0);
    expect(screen.getByRole('region', { name: /F8/ })).toBeInTheDocument();
  });

  it('loads the Toaster at once for a toast kept across a reload, and shows that toast', async () => {
    sessionStorage.setItem('pendingToast', JSON.stringify({ title: 'Profile updated successfully!' }));
    render(<DeferredToaster />);
    expect((await screen.findAllByText('Profile updated successfully!')).length).toBeGreaterThan(0);
    expect(sessionStorage.getItem('pendingToast')).toBeNull();
  });
});
