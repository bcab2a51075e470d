import { createFileRoute } from "@tanstack/react-router";
import { WishlistPage } from "../features/wishlist/wishlist-page.tsx";

export const Route = createFileRoute("/wishlist")({ component: WishlistPage });
