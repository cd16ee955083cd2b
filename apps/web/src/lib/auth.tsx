import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, LoginAnswer, LoginResult } from '@portal/contracts';
import { ApiError, api } from './api';
import {
  cancelSilentRefresh,
  onSessionEvent,
  scheduleSilentRefresh,
  tokens,
  watchOtherTabs,
} from './session';

export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';

interface AuthContextValue {
  status: AuthStatus;
  user: CurrentUser | null;
  /**
   * Where a deliberate logout is going (e.g. /admin-login from the admin shell). The guard sends the
   * signed-out page there rather than to /login, which would otherwise win the race with the logout's
   * own navigation.
   */
  exitTo: string | null;
  isAdmin: boolean;
  /** The password step: the signed-in user, or a challenge when two-factor sign-in is on. */
  login(email: string, password: string): Promise<{ user: CurrentUser } | { mfaToken: string }>;
  /** The second step of a two-factor sign-in. */
  completeMfa(mfaToken: string, code: string): Promise<CurrentUser>;
  logout(opts?: { to?: string }): Promise<void>;
  /** Re-reads the current user (after a profile change, for instance). */
  reload(): Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/**
 * Auth state of spec section 4. `navigate` is the router's; `alert` shows the forced-logout message.
 */
export function AuthProvider({
  children,
  navigate,
  alert = (m) => window.alert(m),
}: {
  children: ReactNode;
  navigate: (to: string) => void;
  alert?: (message: string) => void;
}) {
  const queryClient = useQueryClient();
  const [user, setUser] = useState<CurrentUser | null>(null);
  const [status, setStatus] = useState<AuthStatus>(() => (tokens.access ? 'loading' : 'unauthenticated'));
  const [exitTo, setExitTo] = useState<string | null>(null);

  const signOutLocally = useCallback(() => {
    cancelSilentRefresh();
    tokens.clear();
    setUser(null);
    setStatus('unauthenticated');
    queryClient.clear();
  }, [queryClient]);

  const forceLogout = useCallback(
    (message: string) => {
      setExitTo(null);
      signOutLocally();
      alert(message);
      navigate('/login');
    },
    [alert, navigate, signOutLocally],
  );

  const loadUser = useCallback(async () => {
    try {
      const res = await api<{ success: boolean; data?: CurrentUser }>('/api/users/me');
      if (res.success && res.data) {
        setUser(res.data);
        setStatus('authenticated');
        scheduleSilentRefresh();
      } else {
        setUser(null);
        setStatus('unauthenticated');
      }
    } catch (err) {
      if (err instanceof ApiError && (err.status === 401 || err.status === 403)) {
        // The api client has already tried a refresh; if it expired the session it has said so.
        if (tokens.access) forceLogout(err.message);
        else signOutLocally();
      } else {
        setUser(null);
        setStatus('unauthenticated');
      }
    }
  }, [forceLogout, signOutLocally]);

  useEffect(() => {
    if (tokens.access) void loadUser();
    // Run once on start.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const stopWatching = watchOtherTabs();
    const stopListening = onSessionEvent((e) => {
      if (e.type === 'expired') forceLogout(e.message);
      else if (e.type === 'signed-out-elsewhere') {
        signOutLocally();
        navigate('/login');
      } else if (e.type === 'refreshed') scheduleSilentRefresh();
    });
    return () => {
      stopWatching();
      stopListening();
      cancelSilentRefresh();
    };
  }, [forceLogout, navigate, signOutLocally]);

  const startSession = useCallback(
    (data: LoginResult) => {
      if (!data.accessToken || !data.refreshToken || !data.user)
        throw new Error('Invalid response from the server');
      queryClient.clear();
      setExitTo(null);
      tokens.set({ accessToken: data.accessToken, refreshToken: data.refreshToken });
      setUser(data.user);
      setStatus('authenticated');
      scheduleSilentRefresh();
      return data.user;
    },
    [queryClient],
  );

  const login = useCallback(
    async (email: string, password: string) => {
      const res = await api<{ data?: LoginAnswer } & Partial<LoginResult>>('/api/auth/login', {
        method: 'POST',
        json: { email, password },
      });
      // The answer is the envelope; the same fields at top level are accepted too.
      const data = (res.data ?? res) as LoginAnswer;
      if ('mfaRequired' in data && data.mfaRequired) return { mfaToken: data.mfaToken };
      return { user: startSession(data as LoginResult) };
    },
    [startSession],
  );

  const completeMfa = useCallback(
    async (mfaToken: string, code: string) => {
      const res = await api<{ data: LoginResult }>('/api/auth/login/mfa', {
        method: 'POST',
        json: { mfaToken, code },
      });
      return startSession(res.data);
    },
    [startSession],
  );

  const logout = useCallback(
    async (opts: { to?: string } = {}) => {
      const refreshToken = tokens.refresh;
      // Revoke the sign-in on the server; leave locally whatever the answer.
      void api('/api/auth/logout', {
        method: 'POST',
        json: { refreshToken: refreshToken ?? undefined },
      }).catch(() => {});
      const to = opts.to ?? '/login';
      setExitTo(to);
      signOutLocally();
      navigate(to);
    },
    [navigate, signOutLocally],
  );

  const value = useMemo<AuthContextValue>(
    () => ({ status, user, exitTo, isAdmin: !!user?.isAdmin, login, completeMfa, logout, reload: loadUser }),
    [status, user, exitTo, login, completeMfa, logout, loadUser],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used inside AuthProvider');
  return ctx;
}
