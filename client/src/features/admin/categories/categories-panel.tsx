/** Admin > Categories: add a category or a subcategory, list them as a one-level tree, edit and delete. */
import { useId, useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { toast } from "../../../ui/toast.tsx";
import * as api from "../../../api/admin-endpoints.ts";
import { categoryCreateSchema, categoryUpdateSchema } from "@store/shared/schemas/admin";
import type { OutboxStatus } from "../../../local/db.ts";
import { freshCategoryVersion } from "../../../local/catalog-sync.ts";
import { useCategories } from "../../catalog/catalog-hooks.ts";
import { PendingBadge } from "../panel/pending-badge.tsx";
import { FormActions } from "../panel/form-actions.tsx";
import { FormField } from "../panel/form-field.tsx";
import { ListState, OfflineCopyNote } from "../panel/list-state.tsx";
import { PendingCreations } from "../panel/pending-creations.tsx";
import { saveTo, type EntityKind } from "../panel/entity-editor/entity-kind.ts";
import { useEntityList } from "../panel/entity-editor/use-entity-list.ts";
import { useEntityEditor } from "../panel/entity-editor/use-entity-editor.ts";
import { useEntityForm } from "../panel/entity-editor/use-entity-form.ts";
import { EntityDeleteDialog, EntityFormDialog, InlineAddBox } from "../panel/entity-editor/entity-editor-parts.tsx";
import { categoryTree, parentChoices, type CategoryLike } from "./category-tree.ts";
import { DeleteButton, EditButton } from "../panel/row-buttons.tsx";
import "../panel/panels.css";
import { AdminForm } from "../panel/admin-form.tsx";
import type { CategoryTranslations } from "@store/shared/catalog-translations";
import { NO_LANG_TEXTS, TranslatedInputs, type LangTexts } from "../panel/translated-inputs.tsx";

const CATEGORIES = {
  entity: "category",
  api: api.categories,
  key: "id",
  name: "name",
} satisfies EntityKind<CategoryLike>;

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
  const local = useCategories();
  const categories = useEntityList(CATEGORIES, {
    from: api.categories.list,
    rows: (data) => data,
    local: { rows: local },
  });
  const { pending } = categories;
  const editor = useEntityEditor(CATEGORIES, categories, {
    storefront: true,
    remove: {
      label: (category) => t`Delete category: ${category.name}`,
      done: t`Category deleted`,
      failTitle: t`Failed to delete category`,
    },
  });
  const form = useEntityForm({ form: "category", storefront: true });
  const [name, setName] = useState("");
  const [parentId, setParentId] = useState("");
  const [names, setNames] = useState<NameTexts>(NO_NAMES);
  const adding = form.busy;
  const addError = form.errors.name ?? form.errors.parentId ?? null;

  const rows = categories.items;
  const tree = rows ? categoryTree(rows) : undefined;
  const parents = rows ? parentChoices(rows) : [];

  async function add() {
    if (adding) return;
    const check = categoryCreateSchema.safeParse({ name, parentId, translations: translationsOf(names) });
    if (!form.valid(check, { name: t`Category name is required` })) return;
    const body = check.data;
    const isSub = body.parentId !== null;
    await form.save({
      subject: body.name,
      send: () => saveTo(CATEGORIES, { existing: null, body }, t`Category: ${body.name}`),
      saved: () => {
        toast.success(isSub ? t`Subcategory added` : t`Category added`);
        categories.reload();
      },
      done: () => {
        setName("");
        setNames(NO_NAMES);
        setParentId("");
      },
      failTitle: t`Failed to create category`,
    });
  }

  const total = rows?.length ?? 0;

  return (
    <section className="ac-panel" aria-labelledby={`${id}-title`}>
      <InlineAddBox
        titleId={`${id}-title`}
        title={<Trans>Category Management</Trans>}
        onSubmit={add}
        error={addError}
        errorId={`${id}-name-error`}
      >
        <FormField id={`${id}-name`} label={<Trans>Category name</Trans>}>
          <input
            id={`${id}-name`}
            value={name}
            aria-invalid={addError ? true : undefined}
            aria-describedby={addError ? `${id}-name-error` : undefined}
            onChange={(e) => setName(e.currentTarget.value)}
          />
        </FormField>
        <FormField id={`${id}-parent`} label={<Trans>Parent category</Trans>}>
          <select id={`${id}-parent`} value={parentId} onChange={(e) => setParentId(e.currentTarget.value)}>
            <ParentOptions parents={parents} />
          </select>
        </FormField>
        <NameTranslations id={id} names={names} errors={form.errors} onChange={setNames} />
        <button type="submit" className="btn btn--primary" disabled={adding}>
          {adding ? <Trans>Adding...</Trans> : parentId ? <Trans>Add Subcategory</Trans> : <Trans>Add Category</Trans>}
        </button>
      </InlineAddBox>

      <div className="ac-box">
        <div className="ac-panel__head">
          <h3>
            <Trans>Categories & Subcategories</Trans>
          </h3>
          <span className="muted">{t`${total} total categories`}</span>
        </div>
        <OfflineCopyNote shown={categories.offlineCopy} />
        <PendingCreations rows={pending.creations} />
        <ListState items={tree} empty={<Trans>No categories yet. Create one above.</Trans>}>
          {(items) => (
            <ul className="ac-list">
              {items.map(({ category, children }) => (
                <li key={category.id} className="ac-list">
                  <CategoryRow
                    category={category}
                    status={pending.byId.get(category.id)}
                    onEdit={editor.edit}
                    onDelete={editor.askDelete}
                  />
                  {children.length > 0 ? (
                    <ul className="ac-list" aria-label={t`Subcategories of ${category.name}`}>
                      {children.map((child) => (
                        <li key={child.id}>
                          <CategoryRow
                            category={child}
                            child
                            status={pending.byId.get(child.id)}
                            onEdit={editor.edit}
                            onDelete={editor.askDelete}
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

      <EntityFormDialog editor={editor} title={{ edit: <Trans>Edit category</Trans> }}>
        {(editing) =>
          editing ? (
            <CategoryEditForm
              category={editing}
              parents={rows ? parentChoices(rows, editing.id) : []}
              hasChildren={rows ? rows.some((c) => c.parentId === editing.id) : false}
              onClose={editor.close}
              onSaved={editor.done}
            />
          ) : null
        }
      </EntityFormDialog>

      <EntityDeleteDialog
        editor={editor}
        title={<Trans>Delete category?</Trans>}
        message={(toDelete) => <Trans>“{toDelete?.name ?? ""}” will be deleted. This cannot be undone.</Trans>}
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
  const form = useEntityForm({ form: "category", storefront: true });
  const { busy, errors } = form;

  async function update() {
    if (busy) return;
    const check = categoryUpdateSchema.safeParse({ name, parentId, translations: translationsOf(names) });
    if (!form.valid(check, { name: t`Category name is required` })) return;
    const body = check.data;
    await form.save({
      subject: body.name,
      send: async () => {
        const version = await freshCategoryVersion(category.id);
        return saveTo(CATEGORIES, { existing: { id: category.id, version }, body }, t`Category: ${body.name}`);
      },
      saved: () => toast.success(t`Category updated`),
      done: onSaved,
      failTitle: t`Failed to update category`,
      conflict: { text: t`This category was changed by someone else.` },
    });
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
