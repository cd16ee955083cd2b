import { useQuery } from '@tanstack/react-query';
import { endpointUrl } from '@portal/contracts';
import { endpoints } from '@/lib/endpoints';
import { endpointQuery } from '@/lib/endpoint-client';
import { downloadFile } from '@/lib/files';
import { useAuth } from './session';

const e = endpoints.investments;

/**
 * The investor's statements (`GET /api/statements`): every quarter and year that has ended in which they
 * held an investment. They belong to the investor, not to a project, so the key carries the user.
 */
export function useStatements() {
  const { user, status } = useAuth();
  const query = endpointQuery(e.statements, {}, (a) => a.data);
  return useQuery({
    ...query,
    queryKey: [...query.queryKey, user?._id],
    enabled: status === 'authenticated',
    staleTime: 60_000,
  });
}

/** Saves a period's statement PDF under the name the server gives it (fallback: 'statement-{period}.pdf'). */
export const downloadStatement = (period: string) =>
  downloadFile(endpointUrl(e.statementPdf, { params: { period } }), `statement-${period}.pdf`);
