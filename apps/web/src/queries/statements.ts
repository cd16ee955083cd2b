import { t } from 'i18next';
import { useQuery } from '@tanstack/react-query';
import { endpointUrl, type Answer } from '@portal/contracts';
import { endpoints } from '@/lib/endpoints';
import { call, endpointQuery } from '@/lib/endpoint-client';
import { downloadFile } from '@/lib/files';
import { useAuth } from './session';
import { useEndpointMutation, useEndpointQuery, type EndpointMutationOptions } from '@/lib/endpoint-hooks';

const e = endpoints.statements;

/**
 * The investor's statements (`GET /api/statements`): every quarter and year that has ended in which they
 * held an investment. They belong to the investor, not to a project, so the key carries the user.
 */
export function useStatements() {
  const { user, status } = useAuth();
  const query = endpointQuery(e.list, {}, (a) => a.data);
  return useQuery({
    ...query,
    queryKey: [...query.queryKey, user?._id],
    enabled: status === 'authenticated',
    staleTime: 60_000,
  });
}

/** Saves a period's statement PDF under the name the server gives it (fallback: 'statement-{period}.pdf'). */
export const downloadStatement = (period: string) =>
  downloadFile(endpointUrl(e.pdf, { params: { period } }), `statement-${period}.pdf`);

/** How often a publication in progress is asked after: its bar moves about once a second. */
const PUBLISHING_POLL_MS = 1000;

/**
 * The statement periods published to the investors, and those that can be published now (admin); asked
 * again every second while one is being published, so that its progress moves.
 */
export const useStatementPublications = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useEndpointQuery(
    e.publications,
    {},
    {
      select: (a) => a.data,
      enabled,
      refetchInterval: (q) =>
        q.state.data?.publications.some((p) => p.status === 'running') ? PUBLISHING_POLL_MS : false,
    },
  );

/**
 * Starts telling every investor who held an investment in the period that its statement is ready (once):
 * the answer is the publication, `running`; a background job tells them. A failed one resumes.
 */
export const usePublishStatements = (options?: EndpointMutationOptions<Answer<typeof e.publish>, string>) =>
  useEndpointMutation(e.publish, {
    mutationFn: (period) => call(e.publish, { params: { period } }),
    failure: () => t('distributions:statements.failedPublish'),
    ...options,
  });
