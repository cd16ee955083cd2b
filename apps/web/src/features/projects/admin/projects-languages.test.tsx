import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLocale } from '@/lib/i18n';
import { Component as ProjectsPage } from './projects-page';
import { ADMIN, AURORA, fakeApi, renderAdmin } from '../../../../test/admin';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** An element's text with every kind of space (Intl's no-break and narrow ones) as a plain space. */
const text = (el: Element) => (el.textContent ?? '').replace(/\s+/g, ' ').trim();

/** Projects Management for an admin whose account speaks `locale`. */
async function show(locale: 'de' | 'nb') {
  await setLocale(locale);
  fakeApi(() => undefined, { me: { ...ADMIN, locale } });
  renderAdmin(<ProjectsPage />, 'projects');
  return screen.findByRole('list', { name: locale === 'de' ? 'Projekte' : 'Prosjekter' });
}

describe('Projects Management in German and Norwegian', () => {
  it('speaks German: the cards with German figures, and the create dialog', async () => {
    const list = await show('de');
    expect(screen.getByRole('heading', { level: 1, name: 'Projektverwaltung' })).toBeInTheDocument();
    const card = within(list).getByRole('listitem');
    const figure = (label: string) => text(within(card).getByText(label).nextElementSibling!);
    expect(figure('Investition')).toBe('1.000.000 €');
    expect(figure('Zurückgezahlt')).toBe('50.000 €');
    expect(figure('Jährlicher ROI')).toBe('7,5 %');
    expect(figure('Zurückgeflossen')).toBe('5,0 %');
    expect(text(within(card).getByText(/^Seit /))).toBe('Seit 1. Jan. 2024 · 60 Monate');
    expect(within(card).getByRole('button', { name: `Angebot für ${AURORA.name}` })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Projekt anlegen' }));
    const dialog = screen.getByRole('dialog', { name: 'Projekt anlegen' });
    expect(within(dialog).getByText(/Laufzeit von 60 Monaten/)).toBeInTheDocument();
    const status = within(dialog).getByLabelText('Status');
    expect(
      within(status)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Aktiv', 'Abgeschlossen', 'Ausstehend', 'Storniert']);
    expect(within(dialog).getByLabelText('Investitionszeitraum (Monate)')).toHaveValue(60);
  });

  it('speaks Norwegian: the card and the delete question', async () => {
    const list = await show('nb');
    const card = within(list).getByRole('listitem');
    expect(text(within(card).getByText(/^Siden /))).toBe('Siden 1. jan. 2024 · 60 måneder');

    await userEvent.click(within(card).getByRole('button', { name: `Slett ${AURORA.name}` }));
    expect(
      await screen.findByRole('alertdialog', { name: `Slette prosjektet ${AURORA.name}?` }),
    ).toHaveTextContent('Dette kan ikke angres.');
  });

  it('shows the launch quarter in the opportunity dialog as investors see it, in Norwegian', async () => {
    const list = await show('nb');
    await userEvent.click(within(list).getByRole('button', { name: `Mulighet for ${AURORA.name}` }));
    const dialog = screen.getByRole('dialog', { name: 'Åpent for interesse' });
    expect(
      within(dialog).getByText('Investorene ser kvartalet, f.eks. «3. kvartal 2027».'),
    ).toBeInTheDocument();
    const launch = within(dialog).getByLabelText('Forventet oppstart');
    await userEvent.type(launch, '2027-05-01');
    expect(within(dialog).getByText('Investorene ser «2. kvartal 2027».')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Lagre mulighet' })).toBeInTheDocument();
  });
});
