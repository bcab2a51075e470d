import { createFileRoute } from "@tanstack/react-router";
import { CategoryPage } from "../features/catalog/category-page.tsx";

/** Same screen as /category/$slug (docs/product.md, "Screens"). */
function CategoriesRoute() {
  const { slug } = Route.useParams();
  return <CategoryPage slug={slug} />;
}

export const Route = createFileRoute("/categories/$slug")({ component: CategoriesRoute });
