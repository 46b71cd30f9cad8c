/**
 * A page whose code loads when it is first opened (a separate chunk): the map page brings the
 * map library, which the other pages should not make every visitor download.
 */
import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';

/** A page component that imports `load` on first render and shows it once it arrives. */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): ComponentType {
  let loaded: ComponentType | undefined;
  return function LazyPage() {
    const [page, setPage] = useState<{ component?: ComponentType; error?: string }>({ component: loaded });
    useEffect(() => {
      if (loaded) return;
      load().then(
        (module) => {
          loaded = module.default;
          setPage({ component: loaded });
        },
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
  };
}
