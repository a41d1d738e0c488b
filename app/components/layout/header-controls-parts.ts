// The modules behind header-controls.ts's lazy parts, so the browser fetches them as one chunk.
export { SearchCombobox } from "../search/search-combobox";
export { LanguageSwitcher } from "./language-switcher";
