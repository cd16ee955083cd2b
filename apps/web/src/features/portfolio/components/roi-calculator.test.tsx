import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { RoiCalculator } from './roi-calculator';

const text = (id: string) => screen.getByTestId(id).textContent;

describe('RoiCalculator', () => {
  it('starts from the defaults and shows 9.45% a year as 9.5%', () => {
    render(<RoiCalculator />);
    expect(screen.getByLabelText('Amount Invested')).toHaveValue(8000);
    expect(text('roi-monthly')).toBe('€14 / month');
    expect(text('roi-conservative-annual')).toBe('6.3% annual ROI');
    expect(text('roi-moderate-monthly')).toBe('€63 / month');
    expect(text('roi-moderate-annual')).toBe('9.5% annual ROI');
    expect(text('roi-optimistic-annual')).toBe('12.6% annual ROI');
  });

  it('recomputes on input, counting an empty field as 0 and a share above 100% as 100%', () => {
    render(<RoiCalculator />);
    fireEvent.change(screen.getByLabelText('Nightly Rate'), { target: { value: '50' } });
    expect(text('roi-monthly')).toBe('€20 / month');
    fireEvent.change(screen.getByLabelText('Share per Night'), { target: { value: '120' } });
    expect(text('roi-monthly')).toBe('€200 / month');
    expect(screen.getByLabelText('Share per Night')).toHaveValue(120);
    fireEvent.change(screen.getByLabelText('Amount Invested'), { target: { value: '' } });
    expect(text('roi-conservative-annual')).toBe('0.0% annual ROI');
    fireEvent.change(screen.getByLabelText('Nights/Month'), { target: { value: '-3' } });
    expect(text('roi-monthly')).toBe('€0 / month');
  });
});

describe('RoiCalculator bounds', () => {
  const change = (label: string, value: string) =>
    fireEvent.change(screen.getByLabelText(label), { target: { value } });

  it('shows no message for the defaults', () => {
    render(<RoiCalculator />);
    for (const label of ['Amount Invested', 'Nightly Rate', 'Nights/Month', 'Share per Night'])
      expect(screen.getByLabelText(label)).not.toHaveAttribute('aria-invalid');
  });

  it('says next to each field what it allows, and counts a value beyond a bound as the bound', () => {
    render(<RoiCalculator />);
    change('Amount Invested', '-5000');
    change('Nights/Month', '45');
    change('Share per Night', '250');
    change('Nightly Rate', '1e9');
    expect(screen.getByLabelText('Amount Invested')).toHaveAccessibleDescription(
      'Amount Invested must be more than €0',
    );
    expect(screen.getByLabelText('Amount Invested')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Nights/Month')).toHaveAccessibleDescription(
      'Nights/Month must be from 1 to 30',
    );
    expect(screen.getByLabelText('Share per Night')).toHaveAccessibleDescription(
      'Share per Night must be from 0 to 100%',
    );
    expect(screen.getByLabelText('Nightly Rate')).toHaveAccessibleDescription(
      'Nightly Rate must be at most €10,000',
    );
    // 30 nights × €10,000 × 100%, not €45,000,000,000.
    expect(text('roi-monthly')).toBe('€300,000 / month');

    change('Nights/Month', '30');
    expect(screen.getByLabelText('Nights/Month')).not.toHaveAccessibleDescription();
    expect(screen.getByLabelText('Nights/Month')).not.toHaveAttribute('aria-invalid');
  });
});
