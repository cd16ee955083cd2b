import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminUser,
  CreateUserInput,
  UpdateUserInput,
  UserList,
  UserListParams,
} from '@portal/contracts';
import { api } from '@/lib/api';
import { adminKeys } from './keys';

type One = { success: true; data: AdminUser; message?: string };

/** `GET /api/users` with server-side search, project link filter and paging. */
export function useUsers(q: UserListParams, opts: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: adminKeys.users(q),
    queryFn: ({ signal }) =>
      api<UserList>('/api/users', {
        signal,
        query: {
          search: q.search,
          projectId: q.projectId,
          linked: q.linked === undefined ? undefined : String(q.linked),
          status: q.status,
          role: q.role,
          page: q.page,
          pageSize: q.pageSize,
        },
      }),
    placeholderData: keepPreviousData,
    enabled: opts.enabled ?? true,
  });
}

/** One user with every investment and its monthly returns. */
export function useUser(id: string | null | undefined) {
  return useQuery({
    queryKey: adminKeys.user(id ?? ''),
    queryFn: async ({ signal }) => (await api<One>(`/api/users/${id}`, { signal })).data,
    enabled: !!id,
  });
}

function useAdminWrite<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export const useCreateUser = () =>
  useAdminWrite((input: CreateUserInput) => api<One>('/api/users', { method: 'POST', json: input }));

export const useUpdateUser = () =>
  useAdminWrite(({ id, input }: { id: string; input: UpdateUserInput }) =>
    api<One>(`/api/users/${id}`, { method: 'PUT', json: input }),
  );

export const useDeleteUser = () =>
  useAdminWrite((id: string) => api<{ success: true }>(`/api/users/${id}`, { method: 'DELETE' }));

export const useSetUserActive = () =>
  useAdminWrite(({ id, active }: { id: string; active: boolean }) =>
    api<One>(`/api/users/${id}/${active ? 'activate' : 'deactivate'}`, { method: 'POST' }),
  );
