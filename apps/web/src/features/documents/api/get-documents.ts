import { useQuery } from '@tanstack/react-query';
import type { DocumentItem, DocumentsAnswer } from '@portal/contracts';
import { api } from '@/lib/api';
import { queryRoots } from '@/lib/live-refresh';

export const documentsQueryKey = (projectId: string | null | undefined) =>
  [...queryRoots.documents, 'list', projectId] as const;

/** The vault of a project (`GET /api/documents?projectId=`): its shared documents and the investor's own. */
export function useDocuments(projectId: string | null | undefined) {
  return useQuery({
    queryKey: documentsQueryKey(projectId),
    queryFn: async ({ signal }): Promise<DocumentItem[]> => {
      const res = await api<Partial<DocumentsAnswer>>('/api/documents', {
        query: { projectId: projectId! },
        signal,
      });
      return Array.isArray(res?.documents) ? res.documents : [];
    },
    enabled: !!projectId,
    staleTime: 60_000,
  });
}
