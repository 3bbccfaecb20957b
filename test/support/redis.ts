// A real redis-server for queue tests, started by the test on a free port. Where redis-server is installed (CI
// installs it) a failure to start is a test failure, never a skip.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";

export function redisInstalled(): boolean {
  return spawnSync("redis-server", ["--version"], { stdio: "ignore" }).status === 0;
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolvePort(port));
    });
  });
}

export interface RedisServer {
  url: string;
  stop: () => Promise<void>;
}

export async function startRedis(): Promise<RedisServer> {
  const port = await freePort();
  const child: ChildProcess = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  await new Promise<void>((resolveReady, reject) => {
    const timer = setTimeout(() => reject(new Error(`redis-server did not start on port ${port} within 15 s: ${log.slice(-500)}`)), 15_000);
    child.stdout!.on("data", (d: Buffer) => {
      log += d.toString();
      if (log.includes("Ready to accept connections")) {
        clearTimeout(timer);
        resolveReady();
      }
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited with ${code}: ${log.slice(-500)}`));
    });
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: () =>
      new Promise((r) => {
        if (child.exitCode !== null) return r();
        child.once("exit", () => r());
        child.kill("SIGTERM");
      }),
  };
}
