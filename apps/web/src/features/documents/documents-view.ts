import {
  DOCUMENT_CATEGORIES,
  type DocumentCategory,
  type DocumentFilter,
  type DocumentItem,
  type DocumentSort,
  type StatementPeriodInfo,
  type UserMediaType,
  statementLabel,
} from '@portal/contracts';
import i18next from 'i18next';
import { formatNumber } from '@/lib/format';

/** Search by name or category, case-insensitive (docs/product.md §11). */
function matchesSearch(doc: DocumentItem, search: string): boolean {
  const q = search.trim().toLowerCase();
  if (!q) return true;
  return (
    doc.name.toLowerCase().includes(q) ||
    doc.category.toLowerCase().includes(q) ||
    categoryLabel(doc.category).toLowerCase().includes(q)
  );
}

const matchesFilter = (doc: DocumentItem, filter: DocumentFilter) =>
  filter === 'all' || doc.category === filter;

const time = (d: DocumentItem) => new Date(d.uploadDate).getTime() || 0;
const byName = (a: DocumentItem, b: DocumentItem) =>
  a.name.localeCompare(b.name, 'en', { sensitivity: 'base', numeric: true });

const comparators: Record<DocumentSort, (a: DocumentItem, b: DocumentItem) => number> = {
  'date-desc': (a, b) => time(b) - time(a) || byName(a, b),
  'date-asc': (a, b) => time(a) - time(b) || byName(a, b),
  'name-asc': byName,
  'name-desc': (a, b) => byName(b, a),
  type: (a, b) => a.type.localeCompare(b.type, 'en', { sensitivity: 'base' }) || byName(a, b),
};

export const sortDocuments = (docs: readonly DocumentItem[], sort: DocumentSort) =>
  [...docs].sort(comparators[sort]);

export interface DocumentGroup {
  category: string;
  documents: DocumentItem[];
}

/**
 * Groups sorted documents by category, keeping their order inside each group. The vault's own
 * categories come first in the Filter menu's order, any other category after them A-Z.
 */
export function groupByCategory(docs: readonly DocumentItem[]): DocumentGroup[] {
  const groups = new Map<string, DocumentItem[]>();
  for (const d of docs) {
    const list = groups.get(d.category) ?? [];
    list.push(d);
    groups.set(d.category, list);
  }
  const rank = (c: string) => {
    const i = (DOCUMENT_CATEGORIES as readonly string[]).indexOf(c);
    return i === -1 ? DOCUMENT_CATEGORIES.length : i;
  };
  return [...groups.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b, 'en', { sensitivity: 'base' }))
    .map(([category, documents]) => ({ category, documents }));
}

/** Search, filter, sort and group in one step, as the page shows them. */
export function arrangeDocuments(
  docs: readonly DocumentItem[],
  opts: { search: string; filter: DocumentFilter; sort: DocumentSort },
): DocumentGroup[] {
  const shown = docs.filter((d) => matchesSearch(d, opts.search) && matchesFilter(d, opts.filter));
  return groupByCategory(sortDocuments(shown, opts.sort));
}

export const statementKindLabel = (kind: StatementPeriodInfo['kind']) =>
  kind === 'annual' ? i18next.t('documents:statements.annual') : i18next.t('documents:statements.quarterly');

/** A document category's label in the page's language; a category the vault does not know stays as it is. */
const CATEGORY_LABEL = {
  Contracts: 'categories.contracts',
  'Tax Documents': 'categories.taxDocuments',
  'Investment Reports': 'categories.investmentReports',
  'Perk Documentation': 'categories.perkDocumentation',
  General: 'categories.general',
  Offering: 'categories.offering',
} as const satisfies Record<DocumentCategory, string>;

export const categoryLabel = (category: string): string =>
  category in CATEGORY_LABEL
    ? i18next.t(CATEGORY_LABEL[category as DocumentCategory], { ns: 'documents' })
    : category;

/** The Filter menu's label of an entry ('All Documents' or a category). */
export const filterLabel = (filter: DocumentFilter): string =>
  filter === 'all' ? i18next.t('documents:filters.all') : categoryLabel(filter);

const SORT_LABEL = {
  'date-desc': 'sorts.dateDesc',
  'date-asc': 'sorts.dateAsc',
  'name-asc': 'sorts.nameAsc',
  'name-desc': 'sorts.nameDesc',
  type: 'sorts.type',
} as const satisfies Record<DocumentSort, string>;

export const sortLabel = (sort: DocumentSort): string => i18next.t(SORT_LABEL[sort], { ns: 'documents' });

/** '3 documents' in the page's language. */
export const documentCount = (n: number): string =>
  i18next.t('documents:vault.documents', { count: n, n: formatNumber(n) });

/** '2 statements' in the page's language. */
export const statementCount = (n: number): string =>
  i18next.t('documents:vault.statements', { count: n, n: formatNumber(n) });

/**
 * The statements the vault's search finds, by their name ('Q3 2025', '2025') or kind ('Annual'); the
 * Filter menu picks a category of documents, which statements are not.
 */
export function searchStatements<T extends StatementPeriodInfo>(list: readonly T[], search: string) {
  const q = search.trim().toLowerCase();
  if (!q) return list;
  return list.filter((s) =>
    `${statementLabel(s.period)} ${statementKindLabel(s.kind)}`.toLowerCase().includes(q),
  );
}

/**
 * The count above the vault: everything it lists, the statements below the documents too.
 * `statements` is null while they are not known.
 */
export function vaultCount({
  documents,
  statements,
  narrowed,
}: {
  documents: { shown: number; total: number };
  statements: { shown: number; total: number } | null;
  narrowed: boolean;
}): string {
  if (!statements || statements.total === 0)
    return narrowed
      ? i18next.t('documents:vault.showingDocuments', {
          count: documents.total,
          n: formatNumber(documents.total),
          shown: formatNumber(documents.shown),
        })
      : documentCount(documents.total);
  if (!narrowed)
    return i18next.t('documents:vault.countBoth', {
      documents: documentCount(documents.total),
      statements: statementCount(statements.total),
    });
  return i18next.t('documents:vault.showingBoth', {
    shown: formatNumber(documents.shown + statements.shown),
    total: formatNumber(documents.total + statements.total),
  });
}

/** Newest first: by the period's last day, a year before its last quarter (as the server lists them). */
export const sortStatements = <T extends StatementPeriodInfo>(list: readonly T[]) =>
  [...list].sort(
    (a, b) =>
      b.to.localeCompare(a.to) ||
      (a.kind === b.kind ? 0 : a.kind === 'annual' ? -1 : 1) ||
      b.from.localeCompare(a.from),
  );

/** Each type of an investor's own media, named as the Media Gallery names it. */
const USER_MEDIA_TYPE_LABEL = {
  photo: 'types.photo',
  video: 'types.video',
} as const satisfies Record<UserMediaType, string>;

export const userMediaTypeLabel = (type: UserMediaType): string =>
  i18next.t(USER_MEDIA_TYPE_LABEL[type], { ns: 'media' });
