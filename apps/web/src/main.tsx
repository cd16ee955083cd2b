import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { router } from './app/router';
import { initialLocale, setLocale } from './lib/i18n';
import './index.css';

const root = createRoot(document.getElementById('root')!);
// English is bundled; another language's messages arrive first, so the first paint is already in it.
const locale = initialLocale();
const ready = locale === 'en' ? Promise.resolve() : setLocale(locale).catch(() => undefined);
// As a transition, the first render is done in slices of a few milliseconds with the browser free in
// between, rather than as one long task (the dashboard's first frame cost 150-300 ms of blocked main
// thread in Lighthouse; ADR 023).
void ready.then(() =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    ),
  ),
);
