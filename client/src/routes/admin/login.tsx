import { createFileRoute, redirect } from "@tanstack/react-router";
import { AdminLoginPage } from "../../features/admin/admin-login-page.tsx";

export const Route = createFileRoute("/admin/login")({
  beforeLoad: async () => {
    const { loadAdminSession } = await import("../../features/admin/shell/admin-session.ts");
    const state = await loadAdminSession();
    if (state.kind === "signed-in") throw redirect({ to: "/admin", replace: true });
  },
  component: AdminLoginPage,
});
