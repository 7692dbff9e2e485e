import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** One chunk of Vite's build manifest (`build.manifest`), keyed by the source path it was built from. */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
type BuildManifest = Record<string, ManifestChunk>;

/**
 * `<link rel="modulepreload">` tags for a page's lazy modules (its page, its guards) and everything
 * they import, from the browser build's manifest: sent with the HTML, the browser fetches them
 * alongside the entry script instead of after it has run (issue 15: /login and /purchase waited for
 * their page, zod and the validation messages that way). The entry's own imports are left out; the
 * shell already preloads them. Without a manifest (an older build) there are no tags.
 */
export function loadPagePreloads(webDistDir: string): (moduleIds: string[]) => string {
  const manifestPath = path.join(webDistDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) return () => '';
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as BuildManifest;

  /** The chunk under `key` and every chunk it imports statically, each once. */
  function withImports(key: string, into: Set<string>): Set<string> {
    if (into.has(key) || !manifest[key]) return into;
    into.add(key);
    for (const imported of manifest[key].imports ?? []) withImports(imported, into);
    return into;
  }
  const loadedByEntry = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) withImports(key, loadedByEntry);

  return (moduleIds) => {
    const chunks = new Set<string>();
    for (const moduleId of moduleIds) withImports(moduleId, chunks);
    return [...chunks]
      .filter((key) => !loadedByEntry.has(key))
      .map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key]!.file}">`)
      .join('\n    ');
  };
}
