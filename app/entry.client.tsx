import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { applyFullStylesheet } from "./delivery/stylesheet";
import { loadPageTexts } from "./i18n/page-texts";

// The page came with the rules its own markup uses; everything hydration can show (menus, dialogs, other
// pages) needs the whole stylesheet first (decision 0038). Its texts come beside the scripts, from a cached
// address the page preloads (decision 0042).
void Promise.all([applyFullStylesheet(), loadPageTexts()]).then(([, texts]) => {
  if (!texts) return;
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
      {
        // Production builds only say "error #418"; the component stack names the culprit.
        onRecoverableError(error, info) {
          console.error("Recoverable hydration error", error, info.componentStack);
        },
      },
    );
  });
});
