// Measures the gzipped JavaScript a page of the built console loads up front (its entry script and module preloads).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export interface BundleSize {
  readonly files: readonly string[];
  readonly rawBytes: number;
  readonly gzipBytes: number;
}

/** The entry HTML names every script loaded before the first render; lazily loaded chunks are not counted. */
export function initialJavaScript(distDir: string): BundleSize {
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g)].map((m) => m[1]!);
  let rawBytes = 0;
  let gzipBytes = 0;
  for (const ref of refs) {
    const content = fs.readFileSync(path.join(distDir, ref.replace(/^\//, '')));
    rawBytes += content.length;
    gzipBytes += zlib.gzipSync(content, { level: 9 }).length;
  }
  return { files: refs, rawBytes, gzipBytes };
}
