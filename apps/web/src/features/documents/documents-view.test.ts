import { describe, expect, it } from 'vitest';
import { statementLabel, type DocumentItem, type StatementPeriodInfo } from '@portal/contracts';
import { formatFileSize } from '@/lib/format';
import {
  arrangeDocuments,
  groupByCategory,
  sortDocuments,
  sortStatements,
  statementKindLabel,
} from './documents-view';

const doc = (name: string, category: string, uploadDate: string, type = 'PDF'): DocumentItem => ({
  _id: name,
  name,
  category,
  type,
  description: '',
  projectId: 'p',
  userId: null,
  uploadDate,
  isNew: false,
  hasFile: true,
  fileName: null,
  fileSize: null,
  mimeType: 'application/pdf',
});

const docs = [
  doc('Q3 2026 Investment Report', 'Investment Reports', '2026-10-05T09:00:00Z'),
  doc('Investment Agreement', 'Contracts', '2023-06-01T09:00:00Z'),
  doc('Tax Statement 2025', 'Tax Documents', '2026-02-28T09:00:00Z'),
  doc('Site photos', 'General', '2025-05-01T09:00:00Z', 'JPG'),
  doc('Perks Guide', 'Perk Documentation', '2026-01-15T09:00:00Z'),
  doc('Q2 2026 Investment Report', 'Investment Reports', '2026-07-05T09:00:00Z', 'DOCX'),
  doc('Appendix', 'Contracts', '2023-06-01T09:00:00Z', 'TXT'),
];
const names = (list: DocumentItem[]) => list.map((d) => d.name);

describe('document vault view', () => {
  it('searches name or category, ignoring case and surrounding spaces', () => {
    const found = arrangeDocuments(docs, { search: '  TAX ', filter: 'all', sort: 'date-desc' });
    expect(found.flatMap((g) => names(g.documents))).toEqual(['Tax Statement 2025']);
    const byCategory = arrangeDocuments(docs, { search: 'reports', filter: 'all', sort: 'date-desc' });
    expect(byCategory.flatMap((g) => names(g.documents))).toEqual([
      'Q3 2026 Investment Report',
      'Q2 2026 Investment Report',
    ]);
    expect(arrangeDocuments(docs, { search: 'nothing like it', filter: 'all', sort: 'date-desc' })).toEqual(
      [],
    );
  });

  it('filters by category and combines with the search', () => {
    const contracts = arrangeDocuments(docs, { search: '', filter: 'Contracts', sort: 'name-asc' });
    expect(contracts).toEqual([{ category: 'Contracts', documents: [docs[6], docs[1]] }]);
    expect(arrangeDocuments(docs, { search: 'tax', filter: 'Contracts', sort: 'name-asc' })).toEqual([]);
  });

  it('sorts by date both ways (ties by name), by name both ways and by type', () => {
    expect(names(sortDocuments(docs, 'date-desc'))).toEqual([
      'Q3 2026 Investment Report',
      'Q2 2026 Investment Report',
      'Tax Statement 2025',
      'Perks Guide',
      'Site photos',
      'Appendix',
      'Investment Agreement',
    ]);
    expect(names(sortDocuments(docs, 'date-asc')).slice(0, 3)).toEqual([
      'Appendix',
      'Investment Agreement',
      'Site photos',
    ]);
    expect(names(sortDocuments(docs, 'name-asc'))).toEqual([
      'Appendix',
      'Investment Agreement',
      'Perks Guide',
      'Q2 2026 Investment Report',
      'Q3 2026 Investment Report',
      'Site photos',
      'Tax Statement 2025',
    ]);
    expect(names(sortDocuments(docs, 'name-desc'))[0]).toBe('Tax Statement 2025');
    expect(sortDocuments(docs, 'type').map((d) => d.type)).toEqual([
      'DOCX',
      'JPG',
      'PDF',
      'PDF',
      'PDF',
      'PDF',
      'TXT',
    ]);
  });

  it("groups in the menu's category order, other categories last, keeping the sort inside a group", () => {
    const groups = groupByCategory(sortDocuments(docs, 'date-desc'));
    expect(groups.map((g) => g.category)).toEqual([
      'Contracts',
      'Tax Documents',
      'Investment Reports',
      'Perk Documentation',
      'General',
    ]);
    expect(names(groups[2]!.documents)).toEqual(['Q3 2026 Investment Report', 'Q2 2026 Investment Report']);
  });

  it('formats file sizes', () => {
    expect(formatFileSize(null)).toBeNull();
    expect(formatFileSize(900)).toBe('900 B');
    expect(formatFileSize(2048)).toBe('2 KB');
    expect(formatFileSize(1.5 * 1024 * 1024)).toBe('1.5 MB');
  });
});

describe('statements in the vault', () => {
  const st = (period: string, kind: StatementPeriodInfo['kind'], from: string, to: string) => ({
    period,
    kind,
    from,
    to,
  });

  it('reads a quarter as "Q3 2025" and a year as "2025", with its kind', () => {
    expect(statementLabel('2025-Q3')).toBe('Q3 2025');
    expect(statementLabel('2025')).toBe('2025');
    expect(statementKindLabel('quarterly')).toBe('Quarterly');
    expect(statementKindLabel('annual')).toBe('Annual');
  });

  it('orders them newest first, a year before its last quarter, without changing the list it is given', () => {
    const list = [
      st('2024-Q4', 'quarterly', '2024-10-01', '2024-12-31'),
      st('2025-Q1', 'quarterly', '2025-01-01', '2025-03-31'),
      st('2024', 'annual', '2024-01-01', '2024-12-31'),
      st('2024-Q3', 'quarterly', '2024-07-01', '2024-09-30'),
    ];
    expect(sortStatements(list).map((s) => s.period)).toEqual(['2025-Q1', '2024', '2024-Q4', '2024-Q3']);
    expect(list[0]!.period).toBe('2024-Q4');
  });
});
