import { createFileRoute, redirect } from "@tanstack/react-router";
import { AdminPage } from "../../features/admin/admin-page.tsx";
import { validateAdminSearch } from "../../features/admin/shell/admin-sections.ts";
import { loadAdminSession } from "../../features/admin/shell/admin-session.ts";

export const Route = createFileRoute("/admin/")({
  validateSearch: validateAdminSearch,
  beforeLoad: async () => {
    // Switching sections reuses the known session; the first visit asks the server.
    const state = await loadAdminSession(false);
    if (state.kind === "signed-out") throw redirect({ to: "/admin/login", replace: true });
    return { adminSession: state };
  },
  component: AdminPage,
});
