import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './AppProviders.tsx';
import { router } from './routes/router.tsx';

/** The SPA: providers around the hash router. */
export function App() {
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
