import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { ProjectListItem } from '@portal/contracts';
import { useProjects } from '@/queries/projects';

interface CurrentProjectValue {
  /** An investor's items carry their own investment in the project. */
  projects: ProjectListItem[];
  isLoading: boolean;
  isError: boolean;
  current: ProjectListItem | null;
  setCurrentId(id: string): void;
}

const CurrentProjectContext = createContext<CurrentProjectValue | null>(null);

/**
 * The current project of the shell's selector: the first project unless one was chosen; the choice is
 * kept in localStorage so that it survives a reload. A link may choose it with `?project=<id>` (a
 * notification's link to a booking or a document of another project): one of the user's projects is
 * chosen, and the parameter leaves the address once the projects are known.
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
  const [params, setParams] = useSearchParams();
  const asked = params.get('project');

  const current = useMemo(
    () =>
      projects.find((p) => p._id === asked) ?? projects.find((p) => p._id === chosen) ?? projects[0] ?? null,
    [projects, asked, chosen],
  );

  useEffect(() => {
    if (asked === null || isLoading) return;
    if (projects.some((p) => p._id === asked)) {
      setChosen(asked);
      localStorage.setItem(storageKey, asked);
    }
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('project');
        return next;
      },
      { replace: true },
    );
  }, [asked, isLoading, projects, storageKey, setParams]);

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
