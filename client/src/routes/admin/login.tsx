import { createFileRoute, redirect } from "@tanstack/react-router";
import { loadMessages } from "../../i18n/i18n.ts";
import { AdminLoginPage } from "../../features/admin/admin-login-page.tsx";

export const Route = createFileRoute("/admin/login")({
  beforeLoad: async () => {
    const [{ loadAdminSession }] = await Promise.all([
      import("../../features/admin/shell/admin-session.ts"),
      loadMessages("admin"),
      loadMessages("orders"),
    ]);
    const state = await loadAdminSession();
    if (state.kind === "signed-in") throw redirect({ to: "/admin", replace: true });
  },
  component: AdminLoginPage,
});
