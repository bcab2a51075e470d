import { describe, expect, it } from "vitest";
import { type TestStore } from "../../test/harness.ts";
import { adminStoreForEachTest, type AdminClient } from "../../test/admin-session.ts";

describe("the console's dev mailbox", () => {
  let store: TestStore;
  let admin: AdminClient;
  adminStoreForEachTest((opened) => ({ store, admin } = opened));

  it("lists the mail the store sent and opens one", async () => {
    expect(await (await admin.request("GET", "/api/admin/mailbox")).json()).toEqual([]);
    // Delivered as the store sends mail (the dev mailbox delivers inside the transaction that queues it).
    await store.data.transaction((tx) =>
      store.services.mailWorker.enqueue(
        tx,
        { kind: "test", orderId: null, to: "a@b.c", subject: "Hi", text: "Hello", html: "<p>Hello</p>" },
        1,
      ),
    );
    const list = (await (await admin.request("GET", "/api/admin/mailbox")).json()) as {
      id: number;
      subject: string;
    }[];
    expect(list).toMatchObject([{ to: "a@b.c", from: store.config.mailFrom, subject: "Hi" }]);
    const id = list[0]?.id;
    expect(await (await admin.request("GET", `/api/admin/mailbox/${id}`)).json()).toMatchObject({
      text: "Hello",
      html: "<p>Hello</p>",
    });
    // The stored bodies are sealed (they may carry codes and private links), the subject is not.
    const rows = await store.query((db, t) => db.select().from(t.devMailbox));
    expect(rows.map((r) => [r.subject, r.text.includes("Hello"), r.html.includes("Hello")])).toEqual([
      ["Hi", false, false],
    ]);
    expect((await admin.request("GET", "/api/admin/mailbox/999")).status).toBe(404);
    expect((await admin.request("GET", "/api/admin/mailbox/abc")).status).toBe(404);
  });
});
