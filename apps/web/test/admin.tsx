/**
 * Component tests of the admin screens (not part of the app): a screen is rendered as the admin shell
 * renders it (signed in, the header's project chosen, the router, the toasts) against a fake API that
 * answers `fetch` and the upload XMLHttpRequest from one route function.
 */
import type { ReactElement } from 'react';
import { failedWrites } from '@/lib/query-client';
import { Outlet, RouterProvider, createMemoryRouter, useLocation, useNavigate } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, vi } from 'vitest';
import type {
  AdminDashboard,
  AdminNotification,
  AdminUser,
  CurrentUser,
  DocumentItem,
  MediaItem,
  Pagination,
  Perk,
  ProjectListItem,
  Update,
  UserMediaItem,
} from '@portal/contracts';
import { ConfirmDialogHost } from '@/components/ui/confirm-dialog';
import { Toaster } from '@/components/ui/toaster';
import { AuthProvider, useAuth } from '@/queries/session';
import { CurrentProjectProvider } from '@/queries/current-project';
import { resetToasts } from '@/lib/toast';
import { allowConsole } from './console';
import { ADMIN, AURORA } from './fixtures';

// A screen loads through several calls (user, projects, its lists); on a busy machine that can take
// longer than Testing Library's default second.
configure({ asyncUtilTimeout: 5_000 });

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The parsed JSON body, or the FormData of an upload. */
  body: unknown;
}
/** Answers a request, or leaves it (undefined) to the defaults. */
export type Route = (req: FakeRequest) => Response | undefined;

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
/** A failure in the server's error envelope. */
export const failure = (message: string, status = 500) =>
  json({ success: false, message, error: message }, status);

const at = '2026-03-01T10:00:00.000Z';

export { ADMIN };

export { AURORA };

export const adminUser = (over: Partial<AdminUser> = {}): AdminUser => ({
  _id: 'u0000000-0000-4000-8000-000000000001',
  name: 'Emma Lindqvist',
  email: 'investor@example.com',
  investorId: 'INV-2024-EMMA01',
  isAdmin: false,
  isActive: true,
  role: 'user',
  status: 'active',
  awaitingActivation: false,
  activatedAt: at,
  phone: null,
  address: null,
  city: null,
  country: null,
  postalCode: null,
  dateOfBirth: null,
  totalInvestment: 0,
  totalReturned: 0,
  createdAt: at,
  lastLoginAt: null,
  investments: [],
  ...over,
});

const page = <T,>(rows: T[], over: Partial<Pagination> = {}) => ({
  pagination: { page: 1, pageSize: 20, total: rows.length, totalPages: rows.length ? 1 : 0, ...over },
  rows,
});
/** `GET /api/users` as the server answers it. */
export const userList = (rows: AdminUser[], over: Partial<Pagination> = {}) => {
  const p = page(rows, over);
  return json({ success: true, data: p.rows, pagination: p.pagination });
};

export const perk = (over: Partial<Perk> = {}): Perk => ({
  _id: 'k0000000-0000-4000-8000-000000000001',
  projectId: AURORA._id,
  name: 'Sauna evenings',
  type: 'wellness',
  category: 'standard',
  icon: '🧖',
  description: 'A lakeside sauna',
  discount: 'Free',
  status: 'active',
  bookingAvailable: false,
  createdAt: at,
  updatedAt: at,
  ...over,
});

export const update = (over: Partial<Update> = {}): Update => ({
  _id: 'd0000000-0000-4000-8000-000000000001',
  projectId: AURORA._id,
  title: 'Jetty rebuilt',
  category: 'milestone',
  excerpt: 'The new jetty is ready.',
  content: '<p>Ready.</p>',
  date: at,
  isNew: false,
  images: [],
  createdAt: at,
  updatedAt: at,
  ...over,
});

export const mediaItem = (over: Partial<MediaItem> = {}): MediaItem => ({
  _id: 'm0000000-0000-4000-8000-000000000001',
  projectId: AURORA._id,
  title: 'Pier at dawn',
  type: 'photo',
  thumbnail: null,
  url: null,
  downloadUrl: null,
  description: 'First light',
  status: 'active',
  priority: 0,
  duration: null,
  date: at,
  hasFile: false,
  fileName: null,
  fileSize: null,
  mimeType: null,
  personal: false,
  ...over,
});

export const documentItem = (over: Partial<DocumentItem> = {}): DocumentItem => ({
  _id: 'f0000000-0000-4000-8000-000000000001',
  name: 'Annual statement 2026',
  category: 'Investment Reports',
  type: 'PDF',
  description: '',
  projectId: AURORA._id,
  userId: null,
  uploadDate: at,
  isNew: false,
  hasFile: true,
  fileName: 'statement.pdf',
  fileSize: 2048,
  mimeType: 'application/pdf',
  ...over,
});

export const userMediaItem = (over: Partial<UserMediaItem> = {}): UserMediaItem => ({
  _id: 'e0000000-0000-4000-8000-000000000001',
  title: 'Your cabin keys',
  type: 'photo',
  description: '',
  thumbnail: null,
  url: null,
  downloadUrl: null,
  duration: null,
  date: at,
  projectId: AURORA._id,
  userId: adminUser()._id,
  hasFile: true,
  fileName: 'keys.png',
  fileSize: 70,
  mimeType: 'image/png',
  ...over,
});

export const sentNotification = (over: Partial<AdminNotification> = {}): AdminNotification => ({
  _id: 'n0000000-0000-4000-8000-000000000001',
  title: 'Q3 returns paid',
  message: 'Your returns are on their way.',
  type: 'success',
  read: false,
  createdAt: at,
  userId: { _id: adminUser()._id, name: 'Emma Lindqvist', email: 'investor@example.com' },
  ...over,
});

/**
 * `GET /api/admin/dashboard` with Aurora chosen: every figure different from every other, so that each
 * one on screen can only come from its field; `over` on top.
 */
export const adminDashboard = (over: Partial<AdminDashboard> = {}): AdminDashboard => ({
  overall: {
    invested: 5_200_000.25,
    returned: 1_551_400,
    capitalReturned: 260_000,
    investors: 42,
    projects: 4,
    activeProjects: 2,
  },
  project: {
    _id: AURORA._id,
    name: AURORA.name,
    invested: 1_850_000,
    returned: 312_400.5,
    capitalReturned: 0,
    investors: 7,
    pendingBookings: 3,
  },
  pendingBookings: 5,
  newInterest: 6,
  awaitingActivation: 8,
  returnsByMonth: [
    { month: '2026-08', amount: 1_000.5 },
    { month: '2026-09', amount: 2_500 },
  ],
  recentActivity: [],
  ...over,
});

/** An access token the app can read the expiry of (an hour from now); the fake API never checks it. */
function fakeAccessToken() {
  const part = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '');
  return `${part({ alg: 'HS256' })}.${part({ sub: ADMIN._id, exp: Math.floor(Date.now() / 1000) + 3600 })}.sig`;
}

function parse(url: string, method: string | undefined, body: unknown): FakeRequest {
  const u = new URL(url, 'http://localhost');
  let parsed = body;
  if (typeof body === 'string') {
    try {
      parsed = JSON.parse(body);
    } catch {
      parsed = body;
    }
  }
  return { method: (method ?? 'GET').toUpperCase(), path: u.pathname, query: u.searchParams, body: parsed };
}

/**
 * Installs the fake API: `route` first, then the signed-in admin, the project list (`projects`) and an
 * empty notification list; anything else answers 404 naming the call, so a test sees what it missed.
 * Returns every request made, in order.
 */
export function fakeApi(route: Route, opts: { me?: CurrentUser; projects?: ProjectListItem[] } = {}) {
  const requests: FakeRequest[] = [];
  const answer = (req: FakeRequest): Response => {
    requests.push(req);
    const custom = route(req);
    if (custom) return custom;
    if (req.method === 'GET' && req.path === '/api/users/me')
      return json({ success: true, data: opts.me ?? ADMIN });
    if (req.method === 'GET' && req.path === '/api/projects')
      return json({ success: true, data: opts.projects ?? [AURORA] });
    return failure(`No fake answer for ${req.method} ${req.path}`, 404);
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
      answer(parse(String(input), init?.method, init?.body)),
    ),
  );
  /** The upload client's XMLHttpRequest, answered by the same routes. */
  class FakeXhr {
    status = 0;
    responseText = '';
    timeout = 0;
    upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private method = 'GET';
    private url = '';
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader() {}
    abort() {
      this.onabort?.();
    }
    send(body: unknown) {
      const res = answer(parse(this.url, this.method, body));
      void res.text().then((text) => {
        this.status = res.status;
        this.responseText = text;
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return requests;
}

function Where() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

/** Like the app's guard: the screen renders once the admin is signed in. */
function SignedIn() {
  const { status } = useAuth();
  return status === 'authenticated' ? <Outlet /> : <p role="status">Loading...</p>;
}

function AdminArea() {
  const navigate = useNavigate();
  return (
    <AuthProvider navigate={(to) => void navigate(to)} alert={() => {}}>
      <CurrentProjectProvider storageKey="adminSelectedProjectId">
        <SignedIn />
        <Toaster />
        <ConfirmDialogHost />
      </CurrentProjectProvider>
    </AuthProvider>
  );
}

/**
 * Renders `screen` at `/admin/<path>` (opened at `url`, with its query) for a signed-in admin. Other
 * paths render their location, so a test can see where a link went.
 */
export function renderAdmin(element: ReactElement, path: string, url = `/admin/${path}`) {
  resetToasts();
  localStorage.setItem('accessToken', fakeAccessToken());
  localStorage.setItem('refreshToken', 'r'.repeat(43));
  // Error toasts are logged on purpose (docs/product.md §18).
  allowConsole('error', /^\[toast\]/);
  const client = new QueryClient({
    mutationCache: failedWrites(),
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      {
        path: '/admin',
        element: <AdminArea />,
        children: [
          { path, element },
          { path: '*', element: <Where /> },
        ],
      },
    ],
    { initialEntries: [url] },
  );
  return render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

/** The toast titled `title` (the area shows one at a time); its text holds the description too. */
export async function findToast(title: string) {
  // Found by its mark, not its role: an open dialog hides the rest of the page from the accessibility tree.
  const area = document.querySelector<HTMLElement>('[data-toasts]');
  if (!area) throw new Error('No toast area: render the Toaster');
  const el = await within(area).findByText(title, { exact: true });
  return el.closest('li')!;
}

/**
 * The app's confirmation dialog titled `title` (it names what will be removed): answers it with its
 * confirm button (`confirm`, e.g. 'Delete'), typing `typed` first when it asks for a name. Answers the
 * dialog's text.
 */
export async function confirmDialog(title: string, confirm = 'Delete', typed?: string) {
  const dialog = await screen.findByRole('alertdialog', { name: title });
  if (typed !== undefined) await userEvent.type(within(dialog).getByLabelText(/^Type .* to confirm$/), typed);
  const text = dialog.textContent ?? '';
  await userEvent.click(within(dialog).getByRole('button', { name: confirm }));
  await waitFor(() => expect(dialog).not.toBeInTheDocument());
  return text;
}

/** An empty-state text of a screen, exactly. */
export const findEmpty = (text: string) => screen.findByText(text, { exact: true, selector: 'p' });
