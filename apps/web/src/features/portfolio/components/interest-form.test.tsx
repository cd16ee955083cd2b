import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, renderInvestorPage } from '../test-support';
import { InterestForm } from './interest-form';

const emma = { _id: 'u1', name: 'Emma Lindqvist', email: 'investor@example.com', isAdmin: false };
const opportunity = {
  _id: 'p9',
  name: 'Swiss Alpine Retreat Cabins',
  location: '',
  description: '',
  targetAmount: 5_000_000,
  currentCommitments: 2_100_000,
  minimumInvestment: 10_000,
  maximumInvestment: 50_000,
  projectedAnnualROI: 9.2,
  expectedLaunch: '2027-07-01',
  features: [],
};

describe('Register Your Interest', () => {
  it("starts with the signed-in investor's name and email, and the open project's amount bounds", async () => {
    const sent: unknown[] = [];
    renderInvestorPage(
      <InterestForm />,
      (url, init) => {
        if (url === '/api/interest') {
          const body = JSON.parse(String(init?.body)) as {
            name: string;
            email: string;
            investmentAmount: number;
          };
          sent.push(body);
          const registration = {
            _id: 'i1',
            name: body.name,
            email: body.email,
            phone: null,
            investmentAmount: body.investmentAmount,
            message: '',
            status: 'new',
            createdAt: new Date().toISOString(),
            user: { _id: emma._id, name: emma.name, email: emma.email },
          };
          return Promise.resolve(json(201, { success: true, data: registration }));
        }
        return Promise.resolve(
          json(200, { success: true, data: url === '/api/opportunities/current' ? opportunity : [] }),
        );
      },
      '/join-project',
      emma,
    );
    expect(await screen.findByLabelText('Full Name')).toHaveValue('Emma Lindqvist');
    expect(screen.getByLabelText('Email')).toHaveValue('investor@example.com');
    const amount = screen.getByLabelText(/Intended Investment Amount/);
    expect(await screen.findByPlaceholderText('Min: €10,000')).toBe(amount);
    expect(amount).toHaveAttribute('max', '50000');

    await userEvent.type(amount, '-5');
    await userEvent.click(screen.getByRole('button', { name: 'Register Interest' }));
    expect(await screen.findByText('Intended Investment Amount must be a positive amount')).toBeVisible();
    expect(sent).toHaveLength(0);

    await userEvent.clear(amount);
    await userEvent.type(amount, '60000');
    await userEvent.click(screen.getByRole('button', { name: 'Register Interest' }));
    expect(
      await screen.findByText('Intended Investment Amount must be between €10,000 and €50,000'),
    ).toBeVisible();
    expect(sent).toHaveLength(0);

    await userEvent.clear(amount);
    await userEvent.type(amount, '20000');
    await userEvent.click(screen.getByRole('button', { name: 'Register Interest' }));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      name: 'Emma Lindqvist',
      email: 'investor@example.com',
      investmentAmount: 20000,
    });
    // After sending, the form starts again from the investor's name and email.
    await vi.waitFor(() => expect(amount).toHaveValue(null));
    expect(screen.getByLabelText('Full Name')).toHaveValue('Emma Lindqvist');
  });
});
