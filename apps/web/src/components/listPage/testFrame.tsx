import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AntdFrame } from '../../app/AntdFrame.tsx';
import { AppProviders } from '../../app/AppProviders.tsx';

/** Renders a kit part inside the app's providers and a memory router at `url`; returns the router. */
export function renderAt(url: string, element: ReactNode) {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [url] });
  render(
    <AppProviders>
      <AntdFrame>
        <RouterProvider router={router} />
      </AntdFrame>
    </AppProviders>,
  );
  return router;
}
