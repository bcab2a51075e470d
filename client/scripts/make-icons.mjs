// Renders the PWA icons (committed in public/icons) from one SVG. Run: pnpm --filter ./client icons
import { mkdir, readFile } from "node:fs/promises";
import sharp from "sharp";

const root = new URL("../public/", import.meta.url);
const out = new URL("icons/", root);
await mkdir(out, { recursive: true });
const svg = await readFile(new URL("favicon.svg", root));

// Maskable icons keep the artwork inside the 80% safe zone on a full-bleed background.
const maskable = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 640"><rect width="640" height="640" fill="#6d5efc"/>` +
    `<svg x="128" y="128" width="384" height="384" viewBox="0 0 64 64">${svg
      .toString()
      .replace(/^<svg[^>]*>/, "")
      .replace(/<\/svg>\s*$/, "")}</svg></svg>`,
);

const jobs = [
  { input: svg, size: 192, file: "icon-192.png" },
  { input: svg, size: 512, file: "icon-512.png" },
  { input: maskable, size: 512, file: "maskable-512.png" },
  { input: maskable, size: 180, file: "apple-touch-icon.png" },
];
for (const job of jobs) {
  await sharp(job.input, { density: 384 }).resize(job.size, job.size).png().toFile(new URL(job.file, out).pathname);
  console.log(`wrote public/icons/${job.file}`);
}
