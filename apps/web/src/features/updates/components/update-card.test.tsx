import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { Update } from '@portal/contracts';
import { UpdateCard } from './update-card';

const update = (content: string): Update => ({
  _id: 'u1',
  projectId: 'p1',
  title: 'Winter forecast',
  category: 'general',
  excerpt: '',
  content,
  date: '2026-11-01',
  isNew: false,
  images: [],
  createdAt: '2026-11-01T09:00:00.000Z',
  updatedAt: '2026-11-01T09:00:00.000Z',
});

const show = (content: string) => {
  render(<UpdateCard update={update(content)} expanded onToggle={() => {}} />);
  return screen.getByTestId('update-content');
};

describe('UpdateCard content', () => {
  it('shows the line breaks of content stored as text', () => {
    const content = show('## Forecast\n- December: <strong>92%</strong>\n- Christmas week: full');
    expect(content).toHaveClass('whitespace-pre-line');
    expect(content.innerHTML).toContain('\n- December: <strong>92%</strong>\n');
  });

  it('lets HTML lay out its own lines', () => {
    expect(show('<p>One</p>\n<p>Two</p>')).not.toHaveClass('whitespace-pre-line');
  });
});
