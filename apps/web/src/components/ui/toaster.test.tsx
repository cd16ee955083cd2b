import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { Toaster } from './toaster';
import { toast } from '@/lib/toast';

describe('Toaster', () => {
  it('shows one toast at a time, the newest', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'First' });
      toast({ title: 'Second', description: 'Newest wins' });
    });
    expect(screen.queryByText('First')).not.toBeInTheDocument();
    expect(screen.getAllByText('Second').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Newest wins').length).toBeGreaterThan(0);
  });

  it('logs error toasts to the console', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    toast({ title: 'Error', description: 'Failed to update profile', variant: 'destructive' });
    toast({ title: 'Success', description: 'Logged in successfully' });
    expect(spy).toHaveBeenCalledTimes(1);
    expect(spy.mock.calls[0]![0]).toContain('Failed to update profile');
  });

  it('offers F8 to reach the notification area', () => {
    render(<Toaster />);
    expect(screen.getByRole('region', { name: /F8/ })).toBeInTheDocument();
  });
});
