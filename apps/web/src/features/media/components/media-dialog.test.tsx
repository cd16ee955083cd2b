import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MediaItem } from '@portal/contracts';
import { MediaCard } from './media-card';
import { MediaDialog } from './media-dialog';

const ITEM: MediaItem = {
  _id: 'm0000000-0000-4000-8000-000000000001',
  projectId: 'p0000000-0000-4000-8000-000000000001',
  title: 'Northern lights over the lake',
  type: 'photo',
  thumbnail: null,
  url: '/media/aurora.jpg',
  downloadUrl: null,
  description: 'A clear night in March',
  status: 'active',
  priority: 0,
  duration: null,
  date: '2026-03-01',
  hasFile: false,
  fileName: null,
  fileSize: null,
  mimeType: null,
  personal: false,
};

/** The gallery's card and lightbox, as the media page joins them. */
function Gallery() {
  const [opened, setOpened] = useState<MediaItem | null>(null);
  return (
    <>
      <MediaCard item={ITEM} onOpen={() => setOpened(ITEM)} />
      <MediaDialog item={opened} onClose={() => setOpened(null)} />
    </>
  );
}

describe('the media lightbox', () => {
  it('gives the focus back to the card button that opened it when closed with Escape', async () => {
    render(<Gallery />);
    const opener = screen.getAllByRole('button', { name: /Open|View/ })[0]!;
    await userEvent.click(opener);
    await screen.findByRole('dialog', { name: ITEM.title });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });
});
