import { readJsonScriptElement } from '@lianmeng/core';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, type HydrationState } from 'react-router-dom';
import { App } from './app/App';
import { type CallFailure, errorBus } from './app/errorBus';
import { HYDRATION_ELEMENT_ID } from './app/hydration';
import { routes } from './app/routes';
import { checkStoredSession } from './features/account/sessionActions';
import { ELDERLY_CLASS } from './layout/elderlyMode';

interface ServerHydration {
  router: HydrationState;
  failures: CallFailure[];
}

const root = document.getElementById('root');
const server = readJsonScriptElement<ServerHydration | null>(document, HYDRATION_ELEMENT_ID, null);

if (root && server) {
  // The server rendered this page: its loaders' data is in the page, so nothing is fetched again.
  // Calls that failed on the server are explained by the error modal, as if the browser had made them.
  for (const failure of server.failures) errorBus.emit(failure);
  const router = createBrowserRouter(routes, { hydrationData: server.router });
  const elderly = document.documentElement.classList.contains(ELDERLY_CLASS);
  hydrateRoot(
    root,
    <StrictMode>
      <App router={router} elderly={elderly} />
    </StrictMode>,
  );
} else if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

// A token kept from an earlier visit may have died meanwhile: find out once, quietly, at start.
void checkStoredSession();
