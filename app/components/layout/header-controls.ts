import { lazyPart } from "./lazy-part";

/**
 * The top bar's search box and language menu, and the home page's search box: each hydrates apart (inside
 * HydrateApart), so their code loads apart from the page's first scripts, as one chunk, while the rest of the
 * page hydrates; until then they are what the server sent, which works without JavaScript (a GET form to the
 * tool list, a `<details>` menu of links), and a click waits for them (React replays it). Neither does
 * anything for other parts of the page (the account slot does: it opens the login dialog for them, so it
 * hydrates with the page). They are mounted once (the top bar stays through client navigations), so no
 * fallback shows after the first page (decision 0043). The server entry registers their modules
 * (provideServerParts).
 */
const load = () => import("./header-controls-parts");

export const SearchBox = lazyPart("search-box", () => load().then((module) => ({ default: module.SearchCombobox })));
export const LanguageMenu = lazyPart("language-menu", () => load().then((module) => ({ default: module.LanguageSwitcher })));
