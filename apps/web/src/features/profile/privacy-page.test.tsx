import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { Component as PrivacyPage, loader } from './privacy-page';

const renderPage = async () => {
  await loader();
  render(
    <MemoryRouter initialEntries={['/privacy']}>
      <PrivacyPage />
    </MemoryRouter>,
  );
};

describe('the privacy page', () => {
  it('lists each kind of data with what, why, the legal basis and how long, and the way to a copy', async () => {
    await renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy' })).toBeInTheDocument();
    const stored = screen.getByRole('region', { name: 'What we store' });
    const kinds = within(stored).getAllByRole('heading', { level: 3 });
    expect(kinds.map((h) => h.textContent)).toEqual([
      'Account and profile',
      'Sign-in and security',
      'Identity check',
      'Bank account',
      'Investments and payouts',
      'Cabin stays and perks',
      'Documents',
      'Notifications and email',
      'Record of changes',
      'Copies of your data',
    ]);
    // Each kind answers the four questions, as terms and their descriptions.
    const terms = within(stored).getAllByRole('term');
    expect(terms).toHaveLength(40);
    expect(terms.slice(0, 4).map((t) => t.textContent)).toEqual(['What', 'Why', 'Legal basis', 'How long']);
    expect(within(stored).getAllByRole('definition')[3]).toHaveTextContent(/While your account exists/);
    // Erasure: what it removes, what is kept and for how long.
    const erasure = screen.getByRole('region', { name: 'Erasing your account' });
    expect(erasure).toHaveTextContent(/What erasure removes: your name \(replaced by a pseudonym/);
    expect(erasure).toHaveTextContent(/stay under the pseudonym for their retention period, 10 years/);
    expect(within(erasure).getByRole('link', { name: 'Ask for your account to be erased' })).toHaveAttribute(
      'href',
      '/your-data',
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Your rights' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get a copy of your data' })).toHaveAttribute(
      'href',
      '/your-data',
    );
  });

  it('speaks the language picked on it', async () => {
    await renderPage();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'de');
    expect(await screen.findByRole('heading', { level: 1, name: 'Datenschutz' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Bankverbindung' })).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sprache' }), 'nb');
    expect(await screen.findByRole('heading', { level: 1, name: 'Personvern' })).toBeInTheDocument();
    expect(screen.getAllByText('Rettslig grunnlag', { selector: 'dt' })).toHaveLength(10);
  });
});
