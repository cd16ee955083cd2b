import { useEndpointQuery } from '@/lib/endpoint-hooks';
import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateUserInput, UpdateUserInput, UserListParams } from '@portal/contracts';
import { endpoints } from '@/lib/endpoints';
import { call, refreshAfterWrite } from '@/lib/endpoint-client';

const e = endpoints.adminUsers;

/** `GET /api/users` with server-side search, project link filter and paging. */
export function useUsers(q: UserListParams, opts: { enabled?: boolean } = {}) {
  return useEndpointQuery(
    e.list,
    {
      query: {
        search: q.search,
        projectId: q.projectId,
        linked: q.linked === undefined ? undefined : q.linked ? 'true' : 'false',
        status: q.status,
        role: q.role,
        page: q.page,
        pageSize: q.pageSize,
      },
    },
    { placeholderData: keepPreviousData, enabled: opts.enabled ?? true },
  );
}

/** One user with every investment and its monthly returns. */
export function useUser(id: string | null | undefined) {
  return useEndpointQuery(e.get, { params: { id: id ?? '' } }, { select: (a) => a.data, enabled: !!id });
}

export function useCreateUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateUserInput) => call(e.create, { body: input }),
    onSuccess: () => refreshAfterWrite(qc, e.create),
  });
}

export function useUpdateUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateUserInput }) =>
      call(e.update, { params: { id }, body: input }),
    onSuccess: () => refreshAfterWrite(qc, e.update),
  });
}

export function useDeleteUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(e.remove, { params: { id } }),
    onSuccess: () => refreshAfterWrite(qc, e.remove),
  });
}

export function useSetUserActive() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) =>
      call(active ? e.activate : e.deactivate, { params: { id } }),
    onSuccess: (_, { active }) => refreshAfterWrite(qc, active ? e.activate : e.deactivate),
  });
}
