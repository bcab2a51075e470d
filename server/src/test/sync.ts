/** Reading the public sync endpoint in tests, to see that an admin change reaches the storefront. */
import { syncResponseSchema } from "@store/shared/schemas/catalog";
import type { TestStore } from "./harness.ts";

export async function syncVersion(store: TestStore): Promise<number> {
  return syncResponseSchema.parse(await (await store.app.request("/api/sync")).json()).version;
}

/** The changes since catalog version `since`. */
export async function syncDelta(store: TestStore, since: number) {
  return syncResponseSchema.parse(await (await store.app.request(`/api/sync?since=${since}`)).json());
}
