import { AppRoot } from '../app/app-root.tsx';
import { AppRoutes } from '../app/routes.tsx';

/**
 * The app as main.tsx renders it inside its providers (its root and the whole route table), for a
 * test that opens an address with renderPage. Such a test clears the query cache after each test.
 */
export const wholeApp = (
  <AppRoot>
    <AppRoutes />
  </AppRoot>
);
