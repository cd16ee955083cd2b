import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { projectPayload } from '../projects/project-dialog';
import { investmentsPayload } from '../investments/investment-card';
import { FileField } from './file-field';
import { parseImageUrls } from './image-urls';

describe('parseImageUrls', () => {
  it('trims the comma-separated entries and drops the empty ones', () => {
    expect(parseImageUrls(' /a.jpg , ,https://x.test/b.png,, ')).toEqual(['/a.jpg', 'https://x.test/b.png']);
    expect(parseImageUrls('')).toEqual([]);
  });
});

describe('investmentsPayload', () => {
  it('keeps only the selected project, and only with an amount above 0', () => {
    expect(investmentsPayload('p1', 2500.5, '2025-01-01')).toEqual({
      projectId: 'p1',
      investments: [{ projectId: 'p1', amount: 2500.5, startDate: '2025-01-01' }],
    });
    expect(investmentsPayload('p1', 0, '')).toEqual({ projectId: 'p1', investments: [] });
    expect(investmentsPayload('p1', Number.NaN, '')).toEqual({ projectId: 'p1', investments: [] });
  });
});

describe('projectPayload', () => {
  it('sends numbers, leaves blanks out, and clears an empty completion date', () => {
    const p = projectPayload({
      name: ' Birch Bay ',
      location: 'Saimaa',
      status: 'active',
      totalInvestment: '1200000.55',
      totalReturned: '',
      annualROI: '7.9',
      investmentDate: '2026-01-01',
      investmentPeriod: '60',
      expectedMonthlyReturn: '0.1',
      rentalSharePercent: '62.5',
      expectedCompletion: '',
      description: '',
    });
    expect(p).toMatchObject({
      name: 'Birch Bay',
      totalInvestment: 1200000.55,
      totalReturned: undefined,
      investmentPeriod: 60,
      expectedMonthlyReturn: 0.1,
      rentalSharePercent: 62.5,
      expectedCompletion: null,
    });
  });
});

describe('FileField', () => {
  it('shows the chosen file and an upload progress bar with its percentage', () => {
    const file = new File(['x'.repeat(2048)], 'report.pdf', { type: 'application/pdf' });
    render(<FileField label="File" file={file} onFile={() => {}} progress={42} />);
    expect(screen.getByLabelText('File')).toHaveAttribute('type', 'file');
    expect(screen.getByText('report.pdf · 2 KB')).toBeInTheDocument();
    const bar = screen.getByRole('progressbar', { name: 'Upload progress 42%' });
    expect(bar).toHaveAttribute('aria-valuenow', '42');
    expect(screen.getByText('Uploading… 42%')).toBeInTheDocument();
  });

  it('shows the attached file when editing, and no bar when idle', () => {
    render(<FileField label="File" file={null} onFile={() => {}} current="old.pdf" progress={null} />);
    expect(screen.getByText('Attached: old.pdf. Choose a file to replace it.')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
