/** Admin > Categories: add a category or a subcategory, list them as a one-level tree, edit and delete. */
import { useId, useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { toast } from "../../../ui/toast.tsx";
import { categoryListSchema } from "@store/shared/schemas/catalog";
import { categoryCreateSchema, categoryUpdateSchema } from "@store/shared/schemas/admin";
import { adminApi, isQueued } from "../../../api/admin-client.ts";
import type { OutboxStatus } from "../../../local/db.ts";
import { freshCategoryVersion } from "../../../local/catalog-sync.ts";
import { useCategories } from "../../catalog/catalog-hooks.ts";
import { errorText, fieldErrorsOf, isConflict, refreshStorefront, useAdminResource } from "../panel/admin-request.ts";
import { fieldErrorsFromIssues, firstError } from "../panel/field-errors.ts";
import { ConfirmDialog, Dialog } from "../../../ui/dialog.tsx";
import { PendingBadge } from "../panel/pending-badge.tsx";
import { usePendingEdits } from "../panel/pending-edits.ts";
import { useChangeToasts } from "../panel/change-toasts.ts";
import { FormActions } from "../panel/form-actions.tsx";
import { FormField } from "../panel/form-field.tsx";
import { ListState, OfflineCopyNote } from "../panel/list-state.tsx";
import { PendingCreations } from "../panel/pending-creations.tsx";
import { categoryTree, parentChoices, type CategoryLike } from "./category-tree.ts";
import { DeleteButton, EditButton } from "../panel/row-buttons.tsx";
import "../panel/panels.css";
import { AdminForm } from "../panel/admin-form.tsx";
import type { CategoryTranslations } from "@store/shared/catalog-translations";
import { NO_LANG_TEXTS, TranslatedInputs, type LangTexts } from "../panel/translated-inputs.tsx";

type NameTexts = LangTexts;
const NO_NAMES = NO_LANG_TEXTS;

function namesOf(translations: CategoryTranslations | undefined): NameTexts {
  return { fr: translations?.fr?.name ?? "", ar: translations?.ar?.name ?? "" };
}

/** The body's translations: each language's name (empty ones are dropped by the shared schema). */
function translationsOf(names: NameTexts): CategoryTranslations {
  return { fr: { name: names.fr }, ar: { name: names.ar } };
}

/** "Name (French)" and "Name (Arabic)": optional, the default name is shown where one is left empty. */
function NameTranslations(props: {
  id: string;
  names: NameTexts;
  errors: Record<string, string | undefined>;
  onChange: (names: NameTexts) => void;
}) {
  const { t } = useLingui();
  const labels: NameTexts = { fr: t`Name (French)`, ar: t`Name (Arabic)` };
  return (
    <TranslatedInputs
      id={props.id}
      field="name"
      labels={labels}
      values={props.names}
      errors={props.errors}
      onChange={props.onChange}
    />
  );
}

export function CategoriesPanel() {
  const { t } = useLingui();
  const id = useId();
  const categories = useAdminResource("/api/categories", categoryListSchema);
  const local = useCategories();
  const pending = usePendingEdits("category");
  const [name, setName] = useState("");
  const [parentId, setParentId] = useState("");
  const [names, setNames] = useState<NameTexts>(NO_NAMES);
  const [nameErrors, setNameErrors] = useState<Record<string, string>>({});
  const [adding, setAdding] = useState(false);
  const [addError, setAddError] = useState<string | null>(null);
  const [editing, setEditing] = useState<CategoryLike | null>(null);
  const [toDelete, setToDelete] = useState<CategoryLike | null>(null);
  const [deleting, setDeleting] = useState(false);
  const toasts = useChangeToasts();

  const offlineCopy = categories.data === undefined && categories.error !== null;
  const rows: readonly CategoryLike[] | undefined = categories.data ?? (offlineCopy ? local : undefined);
  const tree = rows ? categoryTree(rows) : undefined;
  const parents = rows ? parentChoices(rows) : [];

  async function add() {
    if (adding) return;
    const check = categoryCreateSchema.safeParse({ name, parentId, translations: translationsOf(names) });
    if (!check.success) {
      const fields = fieldErrorsFromIssues(check.error.issues, "category");
      setNameErrors(fields);
      setAddError(fields.name ?? fields.parentId ?? (firstError(fields) ? null : t`Category name is required`));
      return;
    }
    const body = check.data;
    setAddError(null);
    setNameErrors({});
    setAdding(true);
    const isSub = body.parentId !== null;
    try {
      await adminApi.send<unknown>("POST", "/api/categories", body, {
        queueOffline: { entity: "category", label: t`Category: ${body.name}` },
      });
      toast.success(isSub ? t`Subcategory added` : t`Category added`);
      setName("");
      setNames(NO_NAMES);
      setParentId("");
      refreshStorefront();
      void categories.reload();
    } catch (err) {
      if (isQueued(err)) {
        toasts.queued(body.name);
        setName("");
        setNames(NO_NAMES);
        setParentId("");
        return;
      }
      const fields = fieldErrorsOf(err, "category");
      const message = errorText(err, t`Something went wrong. Please try again.`, "category");
      setNameErrors(fields);
      setAddError(fields.name ?? fields.parentId ?? null);
      toast.error(t`Failed to create category`, { description: message });
    } finally {
      setAdding(false);
    }
  }

  async function confirmDelete() {
    if (!toDelete) return;
    const category = toDelete;
    setDeleting(true);
    try {
      await adminApi.send<unknown>("DELETE", `/api/categories/${encodeURIComponent(category.id)}`, undefined, {
        queueOffline: { entity: "category", entityId: category.id, label: t`Delete category: ${category.name}` },
      });
      toast.success(t`Category deleted`);
      refreshStorefront();
    } catch (err) {
      if (isQueued(err)) toasts.queued(category.name);
      else {
        toast.error(t`Failed to delete category`, {
          description: errorText(err, t`Something went wrong. Please try again.`),
        });
      }
    } finally {
      setDeleting(false);
      setToDelete(null);
      void categories.reload();
    }
  }

  const total = rows?.length ?? 0;

  return (
    <section className="ac-panel" aria-labelledby={`${id}-title`}>
      <div className="ac-box">
        <h2 id={`${id}-title`}>
          <Trans>Category Management</Trans>
        </h2>
        <AdminForm className="ac-inline-form ac-form" onSubmit={add}>
          <div className="field">
            <label htmlFor={`${id}-name`}>
              <Trans>Category name</Trans>
            </label>
            <input
              id={`${id}-name`}
              value={name}
              aria-invalid={addError ? true : undefined}
              aria-describedby={addError ? `${id}-name-error` : undefined}
              onChange={(e) => setName(e.currentTarget.value)}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-parent`}>
              <Trans>Parent category</Trans>
            </label>
            <select id={`${id}-parent`} value={parentId} onChange={(e) => setParentId(e.currentTarget.value)}>
              <ParentOptions parents={parents} />
            </select>
          </div>
          <NameTranslations id={id} names={names} errors={nameErrors} onChange={setNames} />
          <button type="submit" className="btn btn--primary" disabled={adding}>
            {adding ? (
              <Trans>Adding...</Trans>
            ) : parentId ? (
              <Trans>Add Subcategory</Trans>
            ) : (
              <Trans>Add Category</Trans>
            )}
          </button>
        </AdminForm>
        {addError ? (
          <p id={`${id}-name-error`} className="ac-field-error" role="alert">
            {addError}
          </p>
        ) : null}
      </div>

      <div className="ac-box">
        <div className="ac-panel__head">
          <h3>
            <Trans>Categories & Subcategories</Trans>
          </h3>
          <span className="muted">{t`${total} total categories`}</span>
        </div>
        <OfflineCopyNote shown={offlineCopy} />
        <PendingCreations rows={pending.creations} />
        <ListState items={tree} empty={<Trans>No categories yet. Create one above.</Trans>}>
          {(items) => (
            <ul className="ac-list">
              {items.map(({ category, children }) => (
                <li key={category.id} className="ac-list">
                  <CategoryRow
                    category={category}
                    status={pending.byId.get(category.id)}
                    onEdit={setEditing}
                    onDelete={setToDelete}
                  />
                  {children.length > 0 ? (
                    <ul className="ac-list" aria-label={t`Subcategories of ${category.name}`}>
                      {children.map((child) => (
                        <li key={child.id}>
                          <CategoryRow
                            category={child}
                            child
                            status={pending.byId.get(child.id)}
                            onEdit={setEditing}
                            onDelete={setToDelete}
                          />
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </ListState>
      </div>

      <Dialog open={editing !== null} title={<Trans>Edit category</Trans>} onClose={() => setEditing(null)}>
        {editing ? (
          <CategoryEditForm
            key={editing.id}
            category={editing}
            parents={rows ? parentChoices(rows, editing.id) : []}
            hasChildren={rows ? rows.some((c) => c.parentId === editing.id) : false}
            onClose={() => setEditing(null)}
            onSaved={() => {
              setEditing(null);
              void categories.reload();
            }}
          />
        ) : null}
      </Dialog>

      <ConfirmDialog
        open={toDelete !== null}
        title={<Trans>Delete category?</Trans>}
        message={<Trans>“{toDelete?.name ?? ""}” will be deleted. This cannot be undone.</Trans>}
        confirmLabel={<Trans>Delete</Trans>}
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </section>
  );
}

interface CategoryRowProps {
  category: CategoryLike;
  child?: boolean;
  status: OutboxStatus | undefined;
  onEdit: (c: CategoryLike) => void;
  onDelete: (c: CategoryLike) => void;
}

/** The choices of a parent category: none (a main category) or one of `parents`. */
function ParentOptions({ parents }: { parents: readonly CategoryLike[] }) {
  const { t } = useLingui();
  return (
    <>
      <option value="">{t`None (Main Category)`}</option>
      {parents.map((c) => (
        <option key={c.id} value={c.id}>
          {c.name}
        </option>
      ))}
    </>
  );
}

function CategoryRow({ category, child = false, status, onEdit, onDelete }: CategoryRowProps) {
  return (
    <div
      className={child ? "ac-row ac-row--child" : "ac-row"}
      data-testid="admin-category-row"
      data-category-id={category.id}
    >
      <span className="ac-row__main">
        <span className="ac-row__name">{category.name}</span>
        {child ? null : (
          <span className="ac-id" dir="ltr">
            /{category.slug}
          </span>
        )}
        <PendingBadge status={status} />
      </span>
      <span className="ac-row__actions">
        <EditButton name={category.name} onClick={() => onEdit(category)} />
        <DeleteButton name={category.name} onClick={() => onDelete(category)} />
      </span>
    </div>
  );
}

interface EditProps {
  category: CategoryLike;
  parents: readonly CategoryLike[];
  hasChildren: boolean;
  onClose: () => void;
  onSaved: () => void;
}

function CategoryEditForm({ category, parents, hasChildren, onClose, onSaved }: EditProps) {
  const { t } = useLingui();
  const id = useId();
  const [name, setName] = useState(category.name);
  const [parentId, setParentId] = useState(category.parentId ?? "");
  const [names, setNames] = useState<NameTexts>(() => namesOf(category.translations));
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const toasts = useChangeToasts();

  async function update() {
    if (busy) return;
    const check = categoryUpdateSchema.safeParse({ name, parentId, translations: translationsOf(names) });
    if (!check.success) {
      const fields = fieldErrorsFromIssues(check.error.issues, "category");
      setErrors(firstError(fields) === undefined ? { name: t`Category name is required` } : fields);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const version = await freshCategoryVersion(category.id);
      await adminApi.send<unknown>("PUT", `/api/categories/${encodeURIComponent(category.id)}`, check.data, {
        queueOffline: {
          entity: "category",
          entityId: category.id,
          label: t`Category: ${check.data.name}`,
          ...(version !== undefined ? { baseVersion: version } : {}),
        },
      });
      toast.success(t`Category updated`);
      refreshStorefront();
      onSaved();
    } catch (err) {
      if (toasts.wasQueued(err, check.data.name)) return onSaved();
      const fields = fieldErrorsOf(err, "category");
      const message =
        isConflict(err) && !fields.name
          ? t`This category was changed by someone else.`
          : errorText(err, t`Something went wrong. Please try again.`, "category");
      setErrors(fields);
      toast.error(t`Failed to update category`, { description: message });
      if (isConflict(err)) refreshStorefront();
    } finally {
      setBusy(false);
    }
  }

  return (
    <AdminForm onSubmit={update}>
      <FormField id={`${id}-name`} label={<Trans>Category name</Trans>} error={errors.name}>
        <input
          id={`${id}-name`}
          value={name}
          autoFocus
          aria-invalid={errors.name ? true : undefined}
          onChange={(e) => setName(e.currentTarget.value)}
        />
      </FormField>
      <FormField id={`${id}-parent`} label={<Trans>Parent category</Trans>} error={errors.parentId}>
        <select
          id={`${id}-parent`}
          value={parentId}
          disabled={hasChildren}
          onChange={(e) => setParentId(e.currentTarget.value)}
        >
          <ParentOptions parents={parents} />
        </select>
        {hasChildren ? (
          <p className="ac-hint">
            <Trans>A category with subcategories stays a main category.</Trans>
          </p>
        ) : null}
      </FormField>
      <NameTranslations id={id} names={names} errors={errors} onChange={setNames} />
      <FormActions
        busy={busy}
        onCancel={onClose}
        submitLabel={<Trans>Update</Trans>}
        busyLabel={<Trans>Updating...</Trans>}
      />
    </AdminForm>
  );
}
