/** A TCP port on 127.0.0.1 that was free a moment ago, for a server a test starts. */
import net from "node:net";

export async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, "127.0.0.1", resolve));
  const address = srv.address();
  const port = typeof address === "object" && address ? address.port : 0;
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  return port;
}
