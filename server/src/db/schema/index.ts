export * from "./catalog.ts";
export * from "./orders.ts";
export * from "./mail.ts";
export * from "./admin.ts";
export * from "./limits.ts";
export * from "./uploads.ts";
export * from "./codes.ts";
export * from "./payments.ts";
