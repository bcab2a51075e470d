/** The Chromium the end-to-end tests and the benches drive (Debian's), and the flags that keep it quiet:
 * no sandbox (containers), no GPU, no background traffic or updates that would add noise to the runs. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
