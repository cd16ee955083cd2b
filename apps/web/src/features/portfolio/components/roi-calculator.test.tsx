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
