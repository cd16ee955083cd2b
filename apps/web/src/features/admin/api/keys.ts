import type { UserListParams } from '@portal/contracts';

/** Query keys of the admin screens; a write invalidates `adminKeys.all`. */
export const adminKeys = {
  all: ['admin'] as const,
  users: (q: UserListParams) => ['admin', 'users', q] as const,
  user: (id: string) => ['admin', 'user', id] as const,
  dashboard: (projectId: string | undefined) => ['admin', 'dashboard', projectId ?? null] as const,
};
