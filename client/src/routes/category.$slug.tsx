import { createFileRoute } from "@tanstack/react-router";
import { CategoryPage } from "../features/catalog/category-page.tsx";

function CategoryRoute() {
  const { slug } = Route.useParams();
  return <CategoryPage slug={slug} />;
}

export const Route = createFileRoute("/category/$slug")({ component: CategoryRoute });
