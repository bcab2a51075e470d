import { createFileRoute, redirect } from "@tanstack/react-router";
import { loadMessages } from "../../i18n/i18n.ts";
import { AdminPage } from "../../features/admin/admin-page.tsx";
import { validateAdminSearch } from "../../features/admin/shell/admin-sections.ts";

export const Route = createFileRoute("/admin/")({
  validateSearch: validateAdminSearch,
  beforeLoad: async () => {
    // Switching sections reuses the known session; the first visit asks the server. The console's API
    // client (and the local database it queues offline edits in) loads here, not with the storefront; so do its
    // words (the admin catalog, and the orders catalog for the refusals it shares with the storefront).
    const [{ loadAdminSession }] = await Promise.all([
      import("../../features/admin/shell/admin-session.ts"),
      loadMessages("admin"),
      loadMessages("orders"),
    ]);
    const state = await loadAdminSession(false);
    if (state.kind === "signed-out") throw redirect({ to: "/admin/login", replace: true });
    return { adminSession: state };
  },
  component: AdminPage,
});
