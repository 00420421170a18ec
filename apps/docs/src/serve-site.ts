/**
 * A static file server for the built site (site/.vitepress/dist), on a loopback port: what the
 * browser test and the screenshot script open. Paths are served as VitePress writes them
 * (`/guides/x.html`, folders' `index.html`); nothing outside the folder is reachable.
 *
 * @module
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';

/** The built site's folder. */
export const distDirectory: string = join(import.meta.dirname, '..', 'site', '.vitepress', 'dist');

const types: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

/** A running server: its origin (`http://127.0.0.1:port`) and how to stop it. */
export interface SiteServer {
  readonly origin: string;
  close(): Promise<void>;
}

/** The file a URL path names in `root`, or undefined when there is none (or it would leave `root`). */
export function resolveSitePath(root: string, urlPath: string): string | undefined {
  let path: string;
  try {
    path = decodeURIComponent(urlPath.split('?')[0]?.split('#')[0] ?? '/');
  } catch {
    return undefined;
  }
  const file = normalize(join(root, path));
  if (file !== root && !file.startsWith(root + sep)) return undefined;
  const candidates = [file, join(file, 'index.html'), `${file}.html`];
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
}

/** Serves `root` (the built site by default) until closed. */
export async function serveSite(root: string = distDirectory): Promise<SiteServer> {
  if (!existsSync(join(root, 'index.html'))) throw new Error(`no built site in ${root}: run \`pnpm docs:build\` first`);
  const server = createServer((request, response) => {
    const file = resolveSitePath(root, request.url ?? '/');
    if (file === undefined) {
      response.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
      response.end(existsSync(join(root, '404.html')) ? readFileSync(join(root, '404.html')) : 'not found');
      return;
    }
    response.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
    response.end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error === undefined ? resolve() : reject(error)))),
  };
}
