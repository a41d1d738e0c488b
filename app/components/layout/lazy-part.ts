import { lazy, type ComponentType } from "react";

type PartModule<P> = { default: ComponentType<P> };

/** Modules of lazy parts the server has at hand (registered by the server entry). */
const serverParts = new Map<string, PartModule<never>>();

/** Server entry: the modules of the lazy parts, imported statically there, so the server never waits for one. */
export function provideServerParts(parts: Record<string, PartModule<never>>): void {
  for (const [name, module] of Object.entries(parts)) serverParts.set(name, module);
}

/**
 * A component whose code the browser loads apart from the page's first scripts, for a part that hydrates
 * apart anyway (inside HydrateApart): its HTML comes with the page, and React hydrates it once its code is
 * there. The server renders it at once: its module is registered there (provideServerParts), and the loader
 * answers with it through a thenable that calls back synchronously, which React.lazy takes as already
 * loaded, so the one-pass render (render.server.tsx) never suspends on it.
 */
export function lazyPart<P>(name: string, load: () => Promise<PartModule<P>>): ComponentType<P> {
  return lazy(() => {
    const ready = serverParts.get(name) as PartModule<P> | undefined;
    if (!ready) return load();
    return { then: (resolve: (module: PartModule<P>) => void) => resolve(ready) } as unknown as Promise<PartModule<P>>;
  });
}
