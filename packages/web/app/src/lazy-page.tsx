/**
 * A page whose code loads when it is first opened (a separate chunk): the map page brings the
 * map library, which the other pages should not make every visitor download.
 */
import type { ComponentType, JSX } from 'preact';
import { useLayoutEffect, useState } from 'preact/hooks';

/** A page component whose code arrives on first use, with a way to start fetching it before then. */
export type LazyPage = (() => JSX.Element) & {
  /**
   * Starts importing the page's code now (once; later calls share the import): the page the URL
   * opens on need not wait for the login check and the shell's first render to ask for it.
   */
  preload(): Promise<ComponentType>;
};

/** A page component that imports `load` on first render (or {@link LazyPage.preload}) and shows it once it arrives. */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const preload = () =>
    (loading ??= load().then((module) => {
      loaded = module.default;
      return loaded;
    }));
  function LazyPageView() {
    const [page, setPage] = useState<{ component?: ComponentType; error?: string }>({ component: loaded });
    // A layout effect: it waits for the code from the render on, not from after the next paint
    // (when an effect would run), so code that arrives meanwhile is shown without a frame's delay.
    useLayoutEffect(() => {
      // Shown from the first render only if it had come by then: it may arrive (preloaded) before this runs.
      if (page.component) return;
      preload().then(
        (component) => setPage({ component }),
        (error: unknown) => setPage({ error: `the page could not load: ${error instanceof Error ? error.message : String(error)}` }),
      );
    }, []);
    const Page = page.component;
    if (Page) return <Page />;
    return (
      <main class="page">
        <p class={page.error ? 'error' : 'muted'}>{page.error ?? 'loading…'}</p>
      </main>
    );
  }
  return Object.assign(LazyPageView, { preload });
}
