import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

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
