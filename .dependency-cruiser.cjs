/** Import cycles between folders are refused: `pnpm lint:cycles`, which `pnpm lint` runs (and so CI). A folder that
 * imports a folder that imports it back (directly or through others) cannot be understood, tested or moved on its
 * own. Test files are left out: a test may reach across folders to set up what it checks. Type-only imports count,
 * since they couple the folders just as much. The same check keeps the server's and the client's code from importing
 * their test folders (no-test-code-in-production). */

/** Known exceptions: cycles that were there when this check came in, accepted for now. Each group is a set of client
 * folders whose cycles stay among themselves: a cycle within one group passes, any cycle that leaves a group (or
 * involves any other folder) fails. Breaking a group's cycles: remove the group.
 * - the admin dashboard shares its order views with the stock and block-list panels, which share theirs with it.
 * - the storefront's features use each other's components and hooks: catalog's hooks and prices in checkout,
 *   layout, search and wishlist; layout's page message, search's text folding, wishlist's store and checkout's saved
 *   email in catalog; the order pages' parts shared by checkout and orders. */
const KNOWN_CYCLE_GROUPS = [
  ["features/admin/block-list", "features/admin/dashboard", "features/admin/stock"],
  [
    "features/catalog",
    "features/checkout",
    "features/layout",
    "features/orders",
    "features/search",
    "features/wishlist",
  ],
];

/** A folder path matching exactly one of `folders` (under client/src). */
const exactly = (folders) => `^client/src/(${folders.join("|")})$`;

module.exports = {
  forbidden: [
    {
      name: "no-folder-cycle",
      comment: "This folder imports, directly or through other folders, a folder that imports it.",
      severity: "error",
      scope: "folder",
      from: { pathNot: exactly(KNOWN_CYCLE_GROUPS.flat()) },
      to: { circular: true },
    },
    {
      name: "no-test-code-in-production",
      comment:
        "The server's and the client's code import nothing from their test folders (harness, fake providers, " +
        "fixtures): each build bundles what its entry points reach, and test code must not ride along.",
      severity: "error",
      from: { path: "^(server|client)/src/", pathNot: "^(server|client)/src/test/" },
      to: { path: "^$1/src/test/" },
    },
    ...KNOWN_CYCLE_GROUPS.map((group, i) => ({
      name: `no-folder-cycle-leaving-known-group-${i + 1}`,
      comment: "A cycle from a folder of a known group through a folder outside it (see KNOWN_CYCLE_GROUPS).",
      severity: "error",
      scope: "folder",
      from: { path: exactly(group) },
      to: { circular: true, pathNot: exactly(group) },
    })),
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["\\.test\\.tsx?$", "node_modules", "/dist/"] },
    tsPreCompilationDeps: true,
  },
};
