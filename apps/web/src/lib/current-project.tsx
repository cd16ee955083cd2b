import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ProjectListItem } from '@portal/contracts';
import { api } from './api';
import { useAuth } from './auth';

interface CurrentProjectValue {
  /** An investor's items carry their own investment in the project. */
  projects: ProjectListItem[];
  isLoading: boolean;
  isError: boolean;
  current: ProjectListItem | null;
  setCurrentId(id: string): void;
}

const CurrentProjectContext = createContext<CurrentProjectValue | null>(null);

export const projectsQueryKey = ['projects'] as const;

/** The project list of the signed-in user (an investor's own, or every project for an admin). */
export function useProjects() {
  const { status, user } = useAuth();
  return useQuery({
    queryKey: [...projectsQueryKey, user?._id],
    queryFn: async () => {
      const res = await api<{ data?: ProjectListItem[]; projects?: ProjectListItem[] } | ProjectListItem[]>(
        '/api/projects',
      );
      // The list may be the envelope's data, a bare list, or wrapped under `projects`.
      if (Array.isArray(res)) return res;
      return res.data ?? res.projects ?? [];
    },
    enabled: status === 'authenticated',
    staleTime: 60_000,
  });
}

/**
 * The current project of the shell's selector: the first project unless one was chosen; the choice is
 * kept in localStorage so that it survives a reload.
 */
export function CurrentProjectProvider({
  children,
  storageKey,
}: {
  children: ReactNode;
  storageKey: string;
}) {
  const { data, isLoading, isError } = useProjects();
  const projects = useMemo(() => data ?? [], [data]);
  const [chosen, setChosen] = useState<string | null>(() => localStorage.getItem(storageKey));

  const current = useMemo(
    () => projects.find((p) => p._id === chosen) ?? projects[0] ?? null,
    [projects, chosen],
  );

  useEffect(() => {
    if (current && current._id !== chosen) {
      setChosen(current._id);
      localStorage.setItem(storageKey, current._id);
    }
  }, [current, chosen, storageKey]);

  const setCurrentId = useCallback(
    (id: string) => {
      setChosen(id);
      localStorage.setItem(storageKey, id);
    },
    [storageKey],
  );

  const value = useMemo(
    () => ({ projects, isLoading, isError, current, setCurrentId }),
    [projects, isLoading, isError, current, setCurrentId],
  );
  return <CurrentProjectContext.Provider value={value}>{children}</CurrentProjectContext.Provider>;
}

export function useCurrentProject(): CurrentProjectValue {
  const ctx = useContext(CurrentProjectContext);
  if (!ctx) throw new Error('useCurrentProject must be used inside CurrentProjectProvider');
  return ctx;
}
