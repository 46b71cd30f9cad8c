/**
 * The app's shell: the login gate (the first-run form while the server has no login), the
 * navigation (the built-in pages and those UI modules add), who is logged in, whether the event
 * bus is connected, and the page the URL names.
 */
import { useEffect, useState } from 'preact/hooks';
import { describe } from './api';
import { FirstRun } from './components/FirstRun';
import { Login } from './components/Login';
import { ModuleBoundary } from './components/ModuleBoundary';
import { connected, startEventBus, stopEventBus } from './event-bus';
import { PAGES } from './pages/page-list';
import { navigate, route } from './router';
import { login, logOut, needsSetup } from './session';
import { sessionChecked } from './session-check';
import { loadUiModules, moduleFailures, modulePages } from './ui-modules';

function Header() {
  const current = route.value.page;
  return (
    <header class="top">
      <span class="brand">svc</span>
      <nav aria-label="Pages">
        {PAGES.map((page) => (
          <a key={page.id} href={`#/${page.id}`} class={current === page.id ? 'active' : ''} aria-current={current === page.id ? 'page' : undefined}>
            {page.title}
          </a>
        ))}
        {modulePages.value.map((page) => (
          <a key={page.id} href={`#/page/${page.id}`} class={current === `page/${page.id}` ? 'active' : ''}>
            {page.title}
          </a>
        ))}
      </nav>
      <span class={`bus ${connected.value ? 'up' : 'down'}`} title={connected.value ? 'live events connected' : 'live events disconnected; reconnecting'} data-testid="event-bus">
        {connected.value ? '● live' : '○ offline'}
      </span>
      <span class="who" data-testid="who">
        {login.value?.name} <span class="muted">({login.value?.role})</span>
      </span>
      <button type="button" class="link" onClick={() => void logOut().then(() => navigate('devices'))}>
        Log out
      </button>
    </header>
  );
}

function Page() {
  const current = route.value.page;
  const builtIn = PAGES.find((page) => page.id === current);
  if (builtIn) {
    const Render = builtIn.render;
    return <Render />;
  }
  const modulePage = modulePages.value.find((page) => `page/${page.id}` === current);
  if (modulePage) {
    const Render = modulePage.render;
    return (
      <main class="page">
        <ModuleBoundary module={modulePage.module}>
          <Render />
        </ModuleBoundary>
      </main>
    );
  }
  return (
    <main class="page">
      <p class="error">There is no page “{current}”.</p>
    </main>
  );
}

/** The whole app. */
export function App() {
  const [startError, setStartError] = useState('');
  useEffect(() => {
    sessionChecked.catch((error: unknown) => setStartError(describe(error)));
  }, []);
  const loggedIn = Boolean(login.value);
  useEffect(() => {
    if (!loggedIn) {
      stopEventBus();
      return;
    }
    startEventBus();
    loadUiModules().catch((error: unknown) => setStartError(describe(error)));
  }, [loggedIn]);

  if (login.value === undefined) return <p class={startError ? 'error page' : 'muted page'}>{startError || 'connecting to svc…'}</p>;
  if (login.value === null) return needsSetup.value ? <FirstRun /> : <Login />;
  return (
    <div class="shell">
      <Header />
      {startError && <p class="error banner">{startError}</p>}
      {moduleFailures.value.map((failure) => (
        <p key={failure} class="error banner">
          A plugin's UI module could not load: {failure}
        </p>
      ))}
      <Page />
    </div>
  );
}
