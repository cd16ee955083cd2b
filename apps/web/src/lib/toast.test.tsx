import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Toaster } from '@/components/ui/toaster';
import { resetToasts, showPendingToast, toastAfterReload, useToasts } from './toast';

/** What the page shows once it has (re)loaded: memory starts empty, then the Toaster mounts. */
function loadPage() {
  cleanup();
  resetToasts();
  render(<Toaster />);
}

function Titles() {
  return (
    <p data-testid="titles">
      {useToasts()
        .map((t) => `${t.title}|${t.variant}`)
        .join(',')}
    </p>
  );
}

describe('toastAfterReload', () => {
  afterEach(() => {
    resetToasts();
  });

  it('keeps the toast for the reloaded page, then reloads, without showing it on the page that goes away', () => {
    render(<Titles />);
    const reload = vi.fn(() => expect(sessionStorage.getItem('pendingToast')).not.toBeNull());
    act(() => toastAfterReload({ title: 'Profile updated successfully!' }, reload));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('titles')).toHaveTextContent(/^$/);
  });

  it('the reloaded page shows it, once', async () => {
    toastAfterReload({ title: 'Saved', description: 'All good' }, () => {});
    loadPage();
    expect((await screen.findAllByText('Saved', { exact: true }))[0]).toBeInTheDocument();
    expect(screen.getAllByText('All good', { exact: true })[0]).toBeInTheDocument();
    expect(sessionStorage.getItem('pendingToast')).toBeNull();

    loadPage();
    expect(screen.queryByText('Saved', { exact: true })).not.toBeInTheDocument();
  });

  it('waits for the page to finish loading, so its five seconds are not spent while images load', () => {
    render(<Titles />);
    toastAfterReload({ title: 'Saved' }, () => {});
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
    act(() => showPendingToast());
    expect(screen.getByTestId('titles')).toHaveTextContent(/^$/);
    act(() => {
      window.dispatchEvent(new Event('load'));
    });
    expect(screen.getByTestId('titles')).toHaveTextContent('Saved|default');
  });

  it('keeps the variant, so an error stays an error', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<Titles />);
    toastAfterReload({ title: 'Oops', variant: 'destructive' }, () => {});
    act(() => showPendingToast());
    expect(screen.getByTestId('titles')).toHaveTextContent('Oops|destructive');
  });

  it('a page load with nothing waiting, or with something that is not a toast, shows nothing', () => {
    render(<Titles />);
    act(() => showPendingToast());
    for (const junk of ['{not json', '42', 'null', '{"title":7}', '{"variant":"destructive"}']) {
      sessionStorage.setItem('pendingToast', junk);
      act(() => showPendingToast());
      expect(sessionStorage.getItem('pendingToast')).toBeNull();
    }
    expect(screen.getByTestId('titles')).toHaveTextContent(/^$/);
  });

  it('shows the toast at once when the storage refuses it, and still reloads', () => {
    render(<Titles />);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const reload = vi.fn();
    act(() => toastAfterReload({ title: 'Saved' }, reload));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('titles')).toHaveTextContent('Saved|default');
  });
});
