import { t } from 'i18next';
import {
  useEndpointQuery,
  useEndpointMutation,
  type EndpointMutationOptions,
  type FailureOption,
} from '@/lib/endpoint-hooks';
import { keepPreviousData } from '@tanstack/react-query';
import type { CreateUserInput, UpdateUserInput, UserListParams } from '@portal/contracts';
import { endpoints } from '@/lib/endpoints';
import { call } from '@/lib/endpoint-client';

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

export function useCreateUser({ failure }: FailureOption = {}) {
  return useEndpointMutation(e.create, {
    failure,
    mutationFn: (input: CreateUserInput) => call(e.create, { body: input }),
  });
}

type UserUpdate = { id: string; input: UpdateUserInput };

/** Changes a user; `failure` names a failed change where the screen does not tell it itself. */
export function useUpdateUser({
  failure,
}: Pick<EndpointMutationOptions<unknown, UserUpdate>, 'failure'> = {}) {
  return useEndpointMutation(e.update, {
    mutationFn: ({ id, input }: UserUpdate) => call(e.update, { params: { id }, body: input }),
    failure,
  });
}

/** Deletes a user; `failure` may return null for the refusal the screen answers itself (409). */
export function useDeleteUser({ failure }: FailureOption<string> = {}) {
  return useEndpointMutation(e.remove, {
    failure,
    mutationFn: (id: string) => call(e.remove, { params: { id } }),
  });
}

export function useSetUserActive() {
  return useEndpointMutation(e.activate, {
    invalidates: [e.activate, e.deactivate],
    failure: () => t('admin:users.failedUpdate'),
    mutationFn: ({ id, active }: { id: string; active: boolean }) =>
      call(active ? e.activate : e.deactivate, { params: { id } }),
  });
}
