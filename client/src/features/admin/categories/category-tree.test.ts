import { describe, expect, it } from "vitest";
import { categoryOptions, categoryTree, parentChoices } from "./category-tree.ts";

const rows = [
  { id: "pc", name: "PC", slug: "pc", parentId: null },
  { id: "steam", name: "Steam", slug: "steam", parentId: "pc" },
  { id: "cards", name: "Gift Cards", slug: "gift-cards", parentId: null },
  { id: "epic", name: "Epic", slug: "epic", parentId: "pc" },
  { id: "orphan", name: "Orphan", slug: "orphan", parentId: "gone" },
];

describe("category tree", () => {
  it("lists top-level categories by name with their subcategories", () => {
    const tree = categoryTree(rows);
    expect(tree.map((n) => n.category.id)).toEqual(["cards", "orphan", "pc"]);
    expect(tree.find((n) => n.category.id === "pc")?.children.map((c) => c.id)).toEqual(["epic", "steam"]);
  });

  it("builds select options with subcategories indented after their parent", () => {
    expect(categoryOptions(rows).map((o) => `${o.depth}:${o.id}`)).toEqual([
      "0:cards",
      "0:orphan",
      "0:pc",
      "1:epic",
      "1:steam",
    ]);
  });

  it("offers only top-level categories as parents, never the category itself", () => {
    expect(parentChoices(rows).map((c) => c.id)).toEqual(["cards", "orphan", "pc"]);
    expect(parentChoices(rows, "pc").map((c) => c.id)).toEqual(["cards", "orphan"]);
  });
});
