import { useEndpointQuery } from '@/lib/endpoint-hooks';
import { endpoints } from '@/lib/endpoints';

const e = endpoints.stayRules;

/** A project's stay rules: turnover days, last-minute days and seasons with their minimum stays. */
export function useStayRules(projectId: string | undefined) {
  return useEndpointQuery(
    e.get,
    { params: { projectId: projectId! } },
    { select: (a) => a.data, enabled: !!projectId },
  );
}
