import 'virtual:chakra-global.css';
import 'virtual:chakra-shell.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App, preloadPage } from './App';
import { AuthProvider } from './auth/auth-context';
import { applyColorMode, watchColorMode } from './color-mode/color-mode';

// Light or dark before the first paint: the remembered choice, else the system's.
applyColorMode();
watchColorMode();

/** Ends the current task, so the browser can paint and handle input between the steps of starting. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// The page's own code and, for every page but the landing page, Chakra's runtime (both preloaded by
// the HTML) are fetched while the app starts, so the first render draws the page itself instead of
// its skeleton and then the page. A failure shows at render.
const pageCode = preloadPage(window.location.pathname).catch(() => undefined);

/**
 * Starting is split into tasks (evaluating the page's code, rendering) rather than one long one
 * that keeps a phone's main thread busy. It runs after this module has finished evaluating, not
 * with top-level await: the page's chunk imports from this entry chunk, so awaiting it here would
 * wait for a module that waits for us (the page never rendered).
 */
async function start() {
  await pageCode;
  await nextTask();

  const root = createRoot(document.getElementById('root')!);
  // As a transition, the first render yields to the browser every few milliseconds instead of
  // holding the main thread until the whole page is built.
  startTransition(() =>
    root.render(
      <StrictMode>
        <BrowserRouter>
          <AuthProvider>
            <App />
          </AuthProvider>
        </BrowserRouter>
      </StrictMode>,
    ),
  );
}

void start();
