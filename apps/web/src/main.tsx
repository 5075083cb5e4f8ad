// First: before any zod schema parses (see the file).
import './lib/zod-jitless.ts';
import '@mantine/core/styles.css';
// The theme's CSS variables, written by the build (build/theme-css.ts), not by Mantine's provider at load.
import 'virtual:theme-variables.css';
// After Mantine's: the app's own rules for every page (app/global.css).
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoot } from './app/app-root.tsx';
import { Providers } from './app/providers.tsx';
import { AppRoutes, preloadRoute } from './app/routes.tsx';
import { holdFirstRender } from './lib/first-page.ts';
import { restoreSession } from './lib/session.ts';

// Start restoring the session (refresh cookie -> access token) and loading the first page's code
// together: the routes render only once the session is known and that code has loaded.
holdFirstRender(preloadRoute(window.location.pathname, restoreSession()));

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Declarative routing (BrowserRouter) rather than the data router: the data router adds ~16 KB
// gzip, which the sign-in route's 140 KB budget cannot carry. Pages are split with React.lazy.
createRoot(container).render(
  <StrictMode>
    <Providers>
      <BrowserRouter>
        <AppRoot>
          <AppRoutes />
        </AppRoot>
      </BrowserRouter>
    </Providers>
  </StrictMode>,
);
