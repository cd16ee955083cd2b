import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { CurrentUser, LoginResult } from '@portal/contracts';
import {
  completeMfaSignIn,
  passkeySecondFactor,
  passkeySignIn,
  readCurrentUser,
  saveAccountLocale,
  signIn,
  signOutOnServer,
  type CurrentUserAnswer,
} from '@/queries/sign-in';
import { ApiError } from '@/lib/api';
import { firstLoadAnswer } from '@/lib/first-load';
import { forgetReads } from '@/lib/cached-reads';
import { endpoints } from '@/lib/sign-in-endpoints';
import { setLocale, takePickedLocale } from '@/lib/i18n';
import {
  cancelSilentRefresh,
  onSessionEvent,
  scheduleSilentRefresh,
  tokenIsAdmin,
  tokens,
  watchOtherTabs,
} from '@/lib/session';

export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';
export type SignInPage = '/login' | '/admin-login';

const signInPageFor = (isAdmin: boolean): SignInPage => (isAdmin ? '/admin-login' : '/login');

interface AuthContextValue {
  status: AuthStatus;
  user: CurrentUser | null;
  /**
   * Where a deliberate logout is going (e.g. /admin-login from the admin shell). The guard sends the
   * signed-out page there rather than to /login, which would otherwise win the race with the logout's
   * own navigation.
   */
  exitTo: string | null;
  /** Where a session that ended (expired, or signed out in another tab) goes: an admin's to /admin-login. */
  signInPage: SignInPage;
  isAdmin: boolean;
  /** The password step: the signed-in user, or a challenge when two-factor sign-in is on. */
  login(
    email: string,
    password: string,
  ): Promise<{ user: CurrentUser } | { mfaToken: string; passkey: boolean }>;
  /** A sign-in with a passkey alone (ADR 030). */
  loginWithPasskey(): Promise<CurrentUser>;
  /** The second step of a two-factor sign-in with a passkey. */
  completeMfaWithPasskey(mfaToken: string): Promise<CurrentUser>;
  /** The second step of a two-factor sign-in. */
  completeMfa(mfaToken: string, code: string): Promise<CurrentUser>;
  logout(opts?: { to?: string }): Promise<void>;
  /** Re-reads the current user (after a profile change, for instance). */
  reload(): Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

interface Prefetch {
  token: string;
  answer: Promise<CurrentUserAnswer | null>;
  /** Set when the answer has arrived with the user. */
  user?: CurrentUser;
}
let early: Prefetch | null = null;

declare global {
  interface Window {
    /**
     * The read of the signed-in user that the build's head script (vite.config.ts, preloadSignedIn)
     * starts before the app's code has loaded: the answer's JSON, or null for a refusal or failure.
     */
    __portalMe?: { token: string; answer: Promise<CurrentUserAnswer | null> };
  }
}

/**
 * Starts reading the signed-in user when the app starts (app/router.tsx), alongside the route's code
 * rather than after it, or takes the read the head script started even earlier. Only a plain answer is
 * taken from it: a 401/403 or any failure yields null and the provider asks again the usual way
 * (refresh, replay, expiry), with its session listeners in place.
 */
export function prefetchCurrentUser(): void {
  const token = tokens.access;
  if (!token || early) return;
  // The page came with the user's answer (ADR 023): signed in from the first render, nothing to ask.
  const embedded = firstLoadAnswer(endpoints.users.me.path)?.answer as CurrentUserAnswer | undefined;
  if (embedded?.success && embedded.data) {
    early = { token, answer: Promise.resolve(embedded), user: embedded.data };
    return;
  }
  const head = window.__portalMe;
  delete window.__portalMe;
  const read: Promise<CurrentUserAnswer | null> =
    head?.token === token ? head.answer : readCurrentUser({ refresh: false }).catch(() => null);
  const started: Prefetch = {
    token,
    answer: read.then((res) => {
      if (res?.success && res.data) started.user = res.data;
      return res;
    }),
  };
  early = started;
}

/** The prefetched user when the answer is already here (and the token unchanged). */
function prefetchedUserNow(): CurrentUser | null {
  return early?.user && early.token === tokens.access ? early.user : null;
}

/** The answer prefetchCurrentUser started, once, if it was asked with the token still in use. */
function takePrefetchedUser(): Promise<CurrentUserAnswer | null> | null {
  const e = early;
  early = null;
  return e && e.token === tokens.access ? e.answer : null;
}

/**
 * Auth state (docs/product.md §4). `navigate` is the router's; `alert` shows the forced-logout message.
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
  // When the answer prefetched at start-up has already arrived, auth is not loading: no 'Loading...'.
  const [known] = useState(prefetchedUserNow);
  const [user, setUser] = useState<CurrentUser | null>(known);
  const [status, setStatus] = useState<AuthStatus>(() =>
    known ? 'authenticated' : tokens.access ? 'loading' : 'unauthenticated',
  );
  const [exitTo, setExitTo] = useState<string | null>(null);
  // Whether the session is an admin's: its user once read, until then the stored token's claim, so that
  // a session found ended at start-up also goes back to the admin sign-in.
  const admin = useRef(known?.isAdmin ?? tokenIsAdmin(tokens.access));
  const [signInPage, setSignInPage] = useState<SignInPage>('/login');
  const setSessionUser = useCallback((next: CurrentUser, signedIn = false) => {
    admin.current = next.isAdmin;
    setUser(next);
    // The page speaks the account's language; one picked on the sign-in page just now becomes it.
    const picked = signedIn ? takePickedLocale() : null;
    if (picked && picked !== next.locale) void saveAccountLocale(next, picked).catch(() => {});
    void setLocale(picked ?? next.locale);
  }, []);

  const signOutLocally = useCallback(() => {
    cancelSilentRefresh();
    tokens.clear();
    setUser(null);
    setStatus('unauthenticated');
    forgetReads();
  }, []);

  /**
   * The session ended without a logout here (expired, or signed out in another tab): back to the sign-in
   * page of the user's area, with an alert when there is a message.
   */
  const leaveEndedSession = useCallback(
    (message?: string) => {
      const to = signInPageFor(admin.current);
      setExitTo(null);
      setSignInPage(to);
      signOutLocally();
      if (message) alert(message);
      navigate(to);
    },
    [alert, navigate, signOutLocally],
  );

  const loadUser = useCallback(
    async (prefetched: Promise<CurrentUserAnswer | null> | null = null) => {
      try {
        const res = (prefetched && (await prefetched)) || (await readCurrentUser());
        if (res.success && res.data) {
          setSessionUser(res.data);
          setStatus('authenticated');
          scheduleSilentRefresh();
        } else {
          setUser(null);
          setStatus('unauthenticated');
        }
      } catch (err) {
        if (err instanceof ApiError && (err.status === 401 || err.status === 403)) {
          // The api client has already tried a refresh; if it expired the session it has said so.
          if (tokens.access) leaveEndedSession(err.message);
          else signOutLocally();
        } else {
          setUser(null);
          setStatus('unauthenticated');
        }
      }
    },
    [leaveEndedSession, setSessionUser, signOutLocally],
  );

  const reload = useCallback(() => loadUser(), [loadUser]);

  useEffect(() => {
    if (known) {
      void takePrefetchedUser();
      void setLocale(known.locale);
      scheduleSilentRefresh();
    } else if (tokens.access) void loadUser(takePrefetchedUser());
    // Run once on start.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const stopWatching = watchOtherTabs();
    const stopListening = onSessionEvent((e) => {
      if (e.type === 'expired') leaveEndedSession(e.message);
      else if (e.type === 'signed-out-elsewhere') leaveEndedSession();
      else if (e.type === 'refreshed') scheduleSilentRefresh();
    });
    return () => {
      stopWatching();
      stopListening();
      cancelSilentRefresh();
    };
  }, [leaveEndedSession]);

  const startSession = useCallback(
    (data: LoginResult) => {
      if (!data.accessToken || !data.refreshToken || !data.user)
        throw new Error('Invalid response from the server');
      forgetReads();
      setExitTo(null);
      tokens.set({ accessToken: data.accessToken, refreshToken: data.refreshToken });
      setSessionUser(data.user, true);
      setStatus('authenticated');
      scheduleSilentRefresh();
      return data.user;
    },
    [setSessionUser],
  );

  const login = useCallback(
    async (email: string, password: string) => {
      const data = await signIn({ email, password });
      if ('mfaRequired' in data && data.mfaRequired)
        return { mfaToken: data.mfaToken, passkey: !!data.passkey };
      return { user: startSession(data as LoginResult) };
    },
    [startSession],
  );

  const completeMfa = useCallback(
    async (mfaToken: string, code: string) => {
      return startSession(await completeMfaSignIn(mfaToken, code));
    },
    [startSession],
  );

  const loginWithPasskey = useCallback(async () => startSession(await passkeySignIn()), [startSession]);
  const completeMfaWithPasskey = useCallback(
    async (mfaToken: string) => startSession(await passkeySecondFactor(mfaToken)),
    [startSession],
  );

  const logout = useCallback(
    async (opts: { to?: string } = {}) => {
      const refreshToken = tokens.refresh;
      // Revoke the sign-in on the server; leave locally whatever the answer.
      void signOutOnServer(refreshToken ?? undefined).catch(() => {});
      const to = opts.to ?? '/login';
      setExitTo(to);
      signOutLocally();
      navigate(to);
    },
    [navigate, signOutLocally],
  );

  const value = useMemo<AuthContextValue>(
    () => ({
      status,
      user,
      exitTo,
      signInPage,
      isAdmin: !!user?.isAdmin,
      login,
      completeMfa,
      loginWithPasskey,
      completeMfaWithPasskey,
      logout,
      reload,
    }),
    [
      status,
      user,
      exitTo,
      signInPage,
      login,
      completeMfa,
      loginWithPasskey,
      completeMfaWithPasskey,
      logout,
      reload,
    ],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used inside AuthProvider');
  return ctx;
}
