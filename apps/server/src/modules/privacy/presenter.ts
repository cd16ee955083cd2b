import type { DataExport } from '@portal/contracts';
import type { dataExports } from '../../db/schema';
import { iso } from '../../lib/format';

export type DataExportRow = typeof dataExports.$inferSelect;

/** The only way an export's row becomes JSON. */
export const presentDataExport = (row: DataExportRow): DataExport => ({
  _id: row.id,
  status: row.status,
  createdAt: iso(row.createdAt)!,
  expiresAt: iso(row.expiresAt),
  size: row.fileKey ? row.fileSize : null,
});
