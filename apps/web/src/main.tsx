import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { router } from './app/router';
import './index.css';

const root = createRoot(document.getElementById('root')!);
// As a transition, the first render is done in slices of a few milliseconds with the browser free in
// between, rather than as one long task (the dashboard's first frame cost 150-300 ms of blocked main
// thread in Lighthouse; ADR 023).
startTransition(() =>
  root.render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  ),
);
