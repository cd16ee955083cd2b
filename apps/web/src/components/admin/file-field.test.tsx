import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { FileField } from './file-field';

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
