import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";
import { shortClassNames } from "./tooling/short-class-names/plugin";

/**
 * The browser code every page loads (the root layout and what it imports statically, with React and React
 * Router) as one chunk instead of two dozen small shared ones: each page loads all of it anyway, and one file
 * compresses better than 25 (the home page's first-load JavaScript fell from 136 to 130 KB gzip, issue 37).
 * Lazily imported code (the login dialog, autocomplete, error screens, the search box and language menu, the
 * signed-in menu) keeps its own chunks. Also in it (decision 0043): the root route's own code, React DOM with its scheduler and React
 * Router's browser entry (before, three more files every page loaded), and the tool card with what it
 * imports, which most pages show and which the root layout reached through the search box until that box
 * loaded apart (without it, the card's code would be eight small chunks).
 */
const SHELL_ROOTS = ["/app/root.tsx", "/app/components/tools/tool-card.tsx"];
const SHELL_PACKAGES = /\/node_modules\/(react-dom|scheduler)\/|\/node_modules\/react-router\/dist\/[^/]+\/dom-export\./;

function rootShell(): { plugin: Plugin; test: (id: string) => boolean } {
  const staticImports = new Map<string, readonly string[]>();
  let shell: Set<string> | null = null;
  const plugin: Plugin = {
    name: "root-shell-graph",
    moduleParsed(info) {
      staticImports.set(info.id, info.importedIds);
    },
  };
  const test = (id: string) => {
    if (!shell) {
      shell = new Set();
      const stack = [...staticImports.keys()].filter((moduleId) => SHELL_ROOTS.some((root) => moduleId.endsWith(root)));
      for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
        if (shell.has(next)) continue;
        shell.add(next);
        stack.push(...(staticImports.get(next) ?? []));
      }
    }
    if (SHELL_PACKAGES.test(id)) return true;
    // Stylesheets stay with the root route, where React Router's manifest looks for them.
    return shell.has(id) && !id.includes("/node_modules/") && !/\.css($|\?)/.test(id);
  };
  return { plugin, test };
}

export default defineConfig(({ isSsrBuild }) => {
  const shell = rootShell();
  return {
    resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
    build: isSsrBuild
      ? { rollupOptions: { input: "./server/app.ts" }, target: "node20" }
      : // CLIENT_SOURCEMAP=1: source maps beside the files, for bench/js-weight.mjs's attribution.
        { sourcemap: process.env.CLIENT_SOURCEMAP === "1", rolldownOptions: { output: { codeSplitting: { groups: [{ name: "shell", test: shell.test }] } } } },
    ssr: { external: ["better-sqlite3", "pg", "sharp", "pino", "pino-pretty"] },
    plugins: [tailwindcss(), reactRouter(), ...(isSsrBuild ? [] : [shell.plugin]), ...shortClassNames(fileURLToPath(new URL(".", import.meta.url)))],
  };
});
