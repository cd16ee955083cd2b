import { t } from 'i18next';
import { useEndpointQuery, useEndpointMutation, type FailureOption } from '@/lib/endpoint-hooks';
import { keepPreviousData } from '@tanstack/react-query';
import type { InterestInput, InterestStatus } from '@portal/contracts';
import { endpoints } from '@/lib/endpoints';
import { call } from '@/lib/endpoint-client';

const e = endpoints.interest;

/** Stores a 'Register Your Interest' submission. */
export function useRegisterInterest({ failure }: FailureOption = {}) {
  return useEndpointMutation(e.register, {
    failure,
    mutationFn: async (input: InterestInput) => (await call(e.register, { body: input })).data,
  });
}

/** Interest registrations (admin), newest first, with server-side search and paging. */
export function useInterest(q: { search?: string; status?: InterestStatus; page: number; pageSize: number }) {
  return useEndpointQuery(
    e.list,
    { query: { q: q.search, status: q.status, page: q.page, pageSize: q.pageSize } },
    { select: (a) => a.data, placeholderData: keepPreviousData },
  );
}

/** Moves a registration along (new -> contacted -> closed). */
export function useSetInterestStatus() {
  return useEndpointMutation(e.setStatus, {
    failure: () => t('interest:page.updateFailed'),
    mutationFn: ({ id, status }: { id: string; status: InterestStatus }) =>
      call(e.setStatus, { params: { id }, body: { status } }),
  });
}
