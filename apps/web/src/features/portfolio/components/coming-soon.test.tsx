import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ComingSoonProject } from './coming-soon';

const show = (compact: boolean) =>
  render(
    <MemoryRouter>
      <ComingSoonProject compact={compact} />
    </MemoryRouter>,
  );
const fact = (label: string) => screen.getByText(label).nextElementSibling;

describe('the coming-soon project (spec section 9)', () => {
  it('shows 9.2% projected ROI, minimum €25,000, launch Q2 2024 and 42% pre-committed', () => {
    show(false);
    expect(screen.getByText('Coming Soon')).toBeInTheDocument();
    expect(screen.getByText('Alpine Region, Switzerland')).toBeInTheDocument();
    expect(fact('Projected Annual ROI')).toHaveTextContent(/^9\.2%$/);
    expect(fact('Minimum Investment')).toHaveTextContent(/^€25,000$/);
    expect(fact('Expected Launch')).toHaveTextContent(/^Q2 2024$/);
    expect(screen.getByText('42% pre-committed')).toBeInTheDocument();
    expect(screen.getByText('€2,100,000 of €5,000,000')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: /Funding/ })).toHaveAttribute('aria-valuenow', '42');
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
    expect(screen.queryByRole('link', { name: /Learn More/ })).not.toBeInTheDocument();
  });

  it("on the dashboard it has the same figures and 'Learn More' to /join-project", () => {
    show(true);
    expect(fact('Projected Annual ROI')).toHaveTextContent(/^9\.2%$/);
    expect(screen.getByText('42% pre-committed')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Learn More/ })).toHaveAttribute('href', '/join-project');
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
  });
});
