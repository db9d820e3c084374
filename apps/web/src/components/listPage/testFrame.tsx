import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AntdFrame } from '../../app/AntdFrame.tsx';
import { AppProviders } from '../../app/AppProviders.tsx';

// jsdom has no matchMedia; antd's grid and table ask it for breakpoints.
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
    dispatchEvent: () => false,
  }) as MediaQueryList;

// Nor ResizeObserver, which antd's table uses for its sticky header and scrollbar.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

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
