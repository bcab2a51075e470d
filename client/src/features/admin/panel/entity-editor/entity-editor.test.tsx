// @vitest-environment jsdom
import "fake-indexeddb/auto";
import { useState } from "react";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { I18nProvider } from "@lingui/react";
import { z } from "zod";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { activateLocale, i18n } from "../../../../i18n/i18n.ts";
import { db } from "../../../../local/db.ts";
import { toast } from "../../../../ui/toast.tsx";
import { AdminForm } from "../admin-form.tsx";
import { FormActions } from "../form-actions.tsx";
import { FormField } from "../form-field.tsx";
import { ListState, OfflineCopyNote } from "../list-state.tsx";
import { PendingBadge } from "../pending-badge.tsx";
import { PendingCreations } from "../pending-creations.tsx";
import { DeleteButton, EditButton } from "../row-buttons.tsx";
import { ConflictAlert, EntityDeleteDialog, EntityFormDialog, EntitySection } from "./entity-editor-parts.tsx";
import { bind, entityEndpoints } from "../../../../api/admin-endpoints.ts";
import { endpoint } from "../../../../api/endpoint.ts";
import { saveFormTo, type EntityKind } from "./entity-kind.ts";
import { useEntityEditor } from "./use-entity-editor.ts";
import { useEntityForm } from "./use-entity-form.ts";
import { useEntityList } from "./use-entity-list.ts";

// The toasts are read as calls: sonner itself is loaded lazily and is not what these tests are about.
vi.mock("../../../../ui/toast.tsx", () => ({
  toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() },
}));

const widgetSchema = z.object({ id: z.string(), name: z.string(), version: z.number().int() });
type Widget = z.infer<typeof widgetSchema>;
const widgetListSchema = z.array(widgetSchema);
const nameSchema = z.object({ name: z.string().trim().min(1, "Enter a name.") });
const CONFLICT = "This widget was changed by someone else.";
const widgetApi = entityEndpoints("/api/admin/widgets", {
  list: widgetListSchema,
  item: widgetSchema,
  create: nameSchema,
  update: nameSchema,
});
const oneWidget = endpoint({
  method: "GET",
  path: (id: string) => `/api/admin/widgets/${encodeURIComponent(id)}`,
  response: widgetSchema,
});
const WIDGETS = { entity: "widget", api: widgetApi, key: "id", name: "name" } satisfies EntityKind<Widget>;

/** A panel of a made-up entity built only from the kit, the way the console's panels are. */
function WidgetsPanel({ local }: { local?: Widget[] }) {
  const widgets = useEntityList(WIDGETS, {
    from: widgetApi.list,
    rows: (data) => [...data].sort((a, b) => a.name.localeCompare(b.name)),
    ...(local ? { local: { rows: local } } : {}),
    loadFailed: () => toast.error("Failed to load widgets"),
  });
  const { pending } = widgets;
  const editor = useEntityEditor(WIDGETS, widgets, {
    conflict: CONFLICT,
    remove: {
      label: (w) => `Delete widget: ${w.name}`,
      done: "Widget deleted",
      failTitle: "Failed to delete widget",
      versioned: true,
    },
  });
  return (
    <EntitySection titleId="widgets-title" title="Widgets" addLabel="Add widget" onAdd={editor.create}>
      <OfflineCopyNote shown={widgets.offlineCopy} />
      <PendingCreations rows={pending.creations} />
      <ListState
        items={widgets.items}
        empty="No widgets yet."
        failure={widgets.failure("Widgets could not be loaded.")}
      >
        {(items) => (
          <ul>
            {items.map((w) => (
              <li key={w.id} data-testid="widget-row">
                <span>{w.name}</span>
                <PendingBadge status={pending.byId.get(w.id)} />
                <button
                  type="button"
                  disabled={editor.busyId === w.id}
                  onClick={() =>
                    editor.update(
                      w,
                      { name: `${w.name}!` },
                      { label: `Shout: ${w.name}`, done: "Widget shouted", failTitle: "Failed to shout" },
                    )
                  }
                >
                  Shout {w.name}
                </button>
                <EditButton name={w.name} onClick={() => editor.edit(w)} />
                <DeleteButton name={w.name} onClick={() => editor.askDelete(w)} />
              </li>
            ))}
          </ul>
        )}
      </ListState>
      <EntityFormDialog editor={editor} title={{ add: "Add widget", edit: "Edit widget" }}>
        {(widget) => <WidgetForm widget={widget} onCancel={editor.close} onDone={editor.done} />}
      </EntityFormDialog>
      <EntityDeleteDialog
        editor={editor}
        title="Delete widget?"
        message={(w) => `“${w?.name ?? ""}” will be deleted.`}
      />
    </EntitySection>
  );
}

function WidgetForm({
  widget,
  onCancel,
  onDone,
}: {
  widget?: Widget | undefined;
  onCancel: () => void;
  onDone: () => void;
}) {
  const [name, setName] = useState(widget?.name ?? "");
  const [version, setVersion] = useState(widget?.version);
  const form = useEntityForm<Widget>({
    form: "category",
    ...(widget
      ? {
          latest: { from: bind(oneWidget, widget.id), failTitle: "Failed to read widget" },
        }
      : {}),
  });

  async function save(atVersion = version) {
    const check = nameSchema.safeParse({ name });
    if (!form.valid(check)) return;
    const body = check.data;
    await form.save({
      subject: body.name,
      send: () => saveFormTo(WIDGETS, widget, atVersion, body, `Widget: ${body.name}`),
      saved: () => toast.success(widget ? "Widget updated" : "Widget added"),
      done: onDone,
      failTitle: widget ? "Failed to update widget" : "Failed to add widget",
      ...(widget ? { conflict: { text: CONFLICT, inForm: true } } : {}),
    });
  }

  return (
    <AdminForm
      onSubmit={() => {
        if (!form.busy) void save();
      }}
    >
      <ConflictAlert
        conflict={form.conflict}
        intro="This widget was changed elsewhere since you opened it."
        onReload={() =>
          void form.reloadLatest((latest) => {
            setName(latest.name);
            setVersion(latest.version);
          })
        }
        onKeepMine={() => void form.keepMine((latest) => save(latest.version))}
      />
      <FormField id="widget-name" label="Name" error={form.errors.name}>
        <input id="widget-name" value={name} onChange={(e) => setName(e.currentTarget.value)} />
      </FormField>
      <FormActions busy={form.busy} onCancel={onCancel} />
    </AdminForm>
  );
}

interface Sent {
  method: string;
  path: string;
  body: unknown;
}

/** The server's widgets, and what the panel sent it. A PUT or DELETE at an older version is refused with a 409
 * carrying the current widget, as the store's server does. */
function fakeServer(initial: Widget[]) {
  const widgets = new Map(initial.map((w) => [w.id, w]));
  const sent: Sent[] = [];
  let reachable = true;
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (!reachable) throw new TypeError("Failed to fetch");
    const url = new URL(String(input), "http://localhost");
    const method = init?.method ?? "GET";
    const body: unknown = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
    if (url.pathname === "/api/admin/session") return json(200, { username: "admin", name: "Admin", csrfToken: "t" });
    if (method !== "GET") sent.push({ method, path: url.pathname + url.search, body });
    if (url.pathname === "/api/admin/widgets") {
      if (method === "GET") return json(200, [...widgets.values()]);
      const parsed = nameSchema.safeParse(body);
      if (!parsed.success) return json(400, { error: "Invalid request" });
      const created = { id: `w${widgets.size + 1}`, name: parsed.data.name, version: 1 };
      widgets.set(created.id, created);
      return json(201, created);
    }
    const id = decodeURIComponent(url.pathname.replace("/api/admin/widgets/", ""));
    const current = widgets.get(id);
    if (!current) return json(404, { error: "Not found" });
    if (method === "GET") return json(200, current);
    const version =
      method === "DELETE" ? Number(url.searchParams.get("version")) : (body as { version?: number }).version;
    if (version !== current.version) return json(409, { error: "Changed meanwhile", code: "edit_conflict", current });
    if (method === "DELETE") {
      widgets.delete(id);
      return new Response(null, { status: 204 });
    }
    const next = { ...current, ...(body as Partial<Widget>), version: current.version + 1 };
    widgets.set(id, next);
    return json(200, next);
  });
  return {
    fetch,
    sent,
    widgets,
    /** The network: down, the browser says it is offline and every request fails. */
    setReachable(on: boolean) {
      reachable = on;
      online = on;
    },
  };
}

let online = true;
const WAIT = { timeout: 5_000 };

function renderPanel(local?: Widget[]) {
  return render(
    <I18nProvider i18n={i18n}>
      <WidgetsPanel {...(local ? { local } : {})} />
    </I18nProvider>,
  );
}

async function rowOf(name: string): Promise<HTMLElement> {
  const rows = await screen.findAllByTestId("widget-row", {}, WAIT);
  const row = rows.find((r) => within(r).queryByText(name) !== null);
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

/** Presses `button` in `name`'s row: the dialog `dialog` it opens. */
async function openFrom(name: string, button: string, dialog: string): Promise<HTMLElement> {
  fireEvent.click(within(await rowOf(name)).getByRole("button", { name: button }));
  return screen.findByRole("dialog", { name: dialog }, WAIT);
}

/** Opens Anvil's form, lets someone else save Anvil first (version 4), then saves "Anvil (mine)": the 409's alert. */
async function saveOverTheirs(): Promise<{ dialog: HTMLElement; alert: HTMLElement }> {
  renderPanel();
  const dialog = await openFrom("Anvil", "Edit Anvil", "Edit widget");
  server.widgets.set("w1", { id: "w1", name: "Anvil (theirs)", version: 4 });
  fireEvent.change(within(dialog).getByLabelText("Name"), { target: { value: "Anvil (mine)" } });
  fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
  return { dialog, alert: await within(dialog).findByRole("alert", {}, WAIT) };
}

beforeAll(async () => {
  // jsdom has no modal dialogs; the kit's dialogs only need them to open and close.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
  Object.defineProperty(navigator, "onLine", { configurable: true, get: () => online });
  await activateLocale("en");
});

let server: ReturnType<typeof fakeServer>;

beforeEach(() => {
  online = true;
  server = fakeServer([
    { id: "w1", name: "Anvil", version: 3 },
    { id: "w2", name: "Bellows", version: 1 },
  ]);
  vi.stubGlobal("fetch", server.fetch);
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  await db.adminOutbox.clear();
});

describe("the entity editor kit", () => {
  it("lists the server's rows, edits the one picked against its version, and reloads the list", async () => {
    renderPanel();
    const dialog = await openFrom("Anvil", "Edit Anvil", "Edit widget");
    const input = within(dialog).getByLabelText("Name");
    expect(input).toHaveProperty("value", "Anvil");
    fireEvent.change(input, { target: { value: "Anvil Pro" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));

    await screen.findByText("Anvil Pro", {}, WAIT);
    expect(server.sent).toEqual([
      { method: "PUT", path: "/api/admin/widgets/w1", body: { name: "Anvil Pro", version: 3 } },
    ]);
    expect(toast.success).toHaveBeenCalledWith("Widget updated");
    // The list shows the saved row as the form closes, not necessarily before: on a busy machine a turn apart.
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull(), WAIT);
  });

  it("keeps a field's error beside it, in the form's own sentence, and sends nothing when the check fails", async () => {
    renderPanel();
    await rowOf("Anvil");
    fireEvent.click(screen.getByRole("button", { name: "Add widget" }));
    const dialog = await screen.findByRole("dialog", { name: "Add widget" }, WAIT);
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    // The form is declared a category's: an empty name says the category form's sentence, not the schema's English.
    expect(await within(dialog).findByText("Category name is required", {}, WAIT)).toBeTruthy();
    expect(server.sent).toEqual([]);
  });

  it("offline, queues the edit in the outbox against the version it was read at, says so and marks the row pending", async () => {
    renderPanel();
    await rowOf("Anvil");
    server.setReachable(false);
    const dialog = await openFrom("Anvil", "Edit Anvil", "Edit widget");
    fireEvent.change(within(dialog).getByLabelText("Name"), { target: { value: "Anvil Pro" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull(), WAIT);
    const queued = await db.adminOutbox.toArray();
    expect(queued).toMatchObject([
      {
        method: "PUT",
        path: "/api/admin/widgets/w1",
        body: { name: "Anvil Pro", version: 3 },
        baseVersion: 3,
        entity: "widget",
        entityId: "w1",
        label: "Widget: Anvil Pro",
        status: "pending",
      },
    ]);
    expect(toast.info).toHaveBeenCalledWith("Saved offline; it will be sent when the connection returns", {
      description: "Anvil Pro",
    });
    expect(toast.error).not.toHaveBeenCalled();
    expect(await within(await rowOf("Anvil")).findByTestId("pending-badge", {}, WAIT)).toHaveProperty(
      "textContent",
      "Pending",
    );
    expect(server.sent).toEqual([]);
  });

  it("offline, shows the device's copy and lists a queued creation until the server has it", async () => {
    server.setReachable(false);
    renderPanel([{ id: "w9", name: "Crucible", version: 2 }]);
    await rowOf("Crucible");
    expect(screen.getByText("Showing the copy saved on this device.")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Add widget" }));
    const dialog = await screen.findByRole("dialog", { name: "Add widget" }, WAIT);
    fireEvent.change(within(dialog).getByLabelText("Name"), { target: { value: "Dolly" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));

    expect(await screen.findByText("Widget: Dolly", {}, WAIT)).toBeTruthy();
    expect(await db.adminOutbox.toArray()).toMatchObject([
      { method: "POST", entity: "widget", body: { name: "Dolly" } },
    ]);
    // Offline is said once, by the note: no load failure toast.
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("says a load failure with Retry when no copy stands in", async () => {
    server.fetch.mockImplementationOnce(async () => new Response("boom", { status: 500 }));
    renderPanel();
    expect(await screen.findByText("Widgets could not be loaded.", { exact: false }, WAIT)).toBeTruthy();
    expect(toast.error).toHaveBeenCalledWith("Failed to load widgets");
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    await rowOf("Bellows");
  });

  it("on a 409 shows the conflict in the form; Reload latest takes the server's version", async () => {
    const { dialog, alert } = await saveOverTheirs();
    expect(alert.textContent).toContain("This widget was changed elsewhere since you opened it.");
    // The refusal's code says it in the operator's language, as the store's server answers it.
    expect(alert.textContent).toContain("This was changed by someone else. Please review and try again.");
    expect(toast.error).not.toHaveBeenCalled();

    fireEvent.click(within(alert).getByRole("button", { name: "Reload latest" }));
    await waitFor(() => expect(within(dialog).getByLabelText("Name")).toHaveProperty("value", "Anvil (theirs)"), WAIT);
    expect(within(dialog).queryByRole("alert")).toBeNull();
    // Saved again, it goes at the version it reloaded.
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull(), WAIT);
    expect(server.sent.at(-1)).toEqual({
      method: "PUT",
      path: "/api/admin/widgets/w1",
      body: { name: "Anvil (theirs)", version: 4 },
    });
  });

  it("on a 409, Keep my changes sends these edits again over the server's version", async () => {
    const { alert } = await saveOverTheirs();
    const readsOfAnvil = () =>
      server.fetch.mock.calls.filter(
        ([input, init]) => String(input) === "/api/admin/widgets/w1" && (init?.method ?? "GET") === "GET",
      ).length;
    const readsBefore = readsOfAnvil();

    fireEvent.click(within(alert).getByRole("button", { name: "Keep my changes" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull(), WAIT);
    expect(server.sent.map((s) => s.body)).toEqual([
      { name: "Anvil (mine)", version: 3 },
      { name: "Anvil (mine)", version: 4 },
    ]);
    // The version came with the conflict's answer (the server's copy): Anvil was not read again for it.
    expect(readsOfAnvil()).toBe(readsBefore);
    expect(server.widgets.get("w1")).toEqual({ id: "w1", name: "Anvil (mine)", version: 5 });
    await rowOf("Anvil (mine)");
  });

  it("a row's change refused with a 409 says the entity's conflict text; the row is busy while it is sent", async () => {
    renderPanel();
    const row = await rowOf("Bellows");
    server.widgets.set("w2", { id: "w2", name: "Bellows", version: 2 });
    const shout = within(row).getByRole("button", { name: "Shout Bellows" });
    fireEvent.click(shout);
    expect(shout).toHaveProperty("disabled", true);
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Failed to shout", { description: CONFLICT }), WAIT);
    await waitFor(() =>
      expect(within(row).getByRole("button", { name: "Shout Bellows" })).toHaveProperty("disabled", false),
    );
    expect(server.sent).toEqual([
      { method: "PUT", path: "/api/admin/widgets/w2", body: { name: "Bellows!", version: 1 } },
    ]);
  });

  it("deletes a row only once confirmed, at the version it was read at", async () => {
    renderPanel();
    let confirm = await openFrom("Bellows", "Delete Bellows", "Delete widget?");
    expect(confirm.textContent).toContain("“Bellows” will be deleted.");
    fireEvent.click(within(confirm).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(server.sent).toEqual([]);

    confirm = await openFrom("Bellows", "Delete Bellows", "Delete widget?");
    await act(async () => {
      fireEvent.click(within(confirm).getByRole("button", { name: "Delete" }));
    });
    await waitFor(() => expect(screen.queryByText("Bellows")).toBeNull(), WAIT);
    expect(server.sent).toEqual([{ method: "DELETE", path: "/api/admin/widgets/w2?version=1", body: undefined }]);
    expect(toast.success).toHaveBeenCalledWith("Widget deleted");
  });

  it("offline, queues a deletion with its version and says it was saved offline", async () => {
    renderPanel();
    await rowOf("Anvil");
    server.setReachable(false);
    const confirm = await openFrom("Anvil", "Delete Anvil", "Delete widget?");
    fireEvent.click(within(confirm).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull(), WAIT);
    expect(await db.adminOutbox.toArray()).toMatchObject([
      {
        method: "DELETE",
        path: "/api/admin/widgets/w1?version=3",
        baseVersion: 3,
        entityId: "w1",
        label: "Delete widget: Anvil",
      },
    ]);
    expect(toast.info).toHaveBeenCalledWith("Saved offline; it will be sent when the connection returns", {
      description: "Anvil",
    });
    expect(toast.success).not.toHaveBeenCalled();
  });
});
