// Catalogue parts (issue #33, issue #15's 150 KB budget for the phone's recording page): a page that
// shows a few dozen strings need not download and evaluate every page's (the English catalogue is
// ~29 KB gzip, ~98 KB of object literal). A part is a catalogue cut down to the namespaces its page
// names, whole, plus every `errors` subtree of every other namespace: an API error's code is a message
// key (`errors.*` or `<namespace>[.…].errors.*`) that may come from any route the page calls.
//
// The build makes each part from the catalogues (web/vite.config.ts, `virtual:catalogue-part/…`), so a
// part never goes stale; a unit test checks that every key the page's source names is in its part.
// Pure data: no catalogue is imported here.

/** The parts and the namespaces each keeps whole. */
export const CATALOGUE_PARTS = {
  /** The phone's recording page (record.html): its title, its screens and its error screen. */
  record: ['app', 'common', 'errors', 'titles', 'video'],
} as const satisfies Record<string, readonly string[]>;

export type CataloguePart = keyof typeof CATALOGUE_PARTS;

type Tree = { readonly [key: string]: Tree | string };

/** The `errors` subtrees of a namespace, at any depth, with the path down to them; null if none. */
function errorsOnly(node: Tree): Tree | null {
  const kept: Record<string, Tree | string> = {};
  for (const [key, value] of Object.entries(node)) {
    if (typeof value === 'string') continue;
    const inner = key === 'errors' ? value : errorsOnly(value);
    if (inner) kept[key] = inner;
  }
  return Object.keys(kept).length > 0 ? kept : null;
}

/** A catalogue's part: the part's namespaces whole, and only the `errors` of every other one. */
export function cataloguePart(catalogue: Tree, part: CataloguePart): Tree {
  const whole = new Set<string>(CATALOGUE_PARTS[part]);
  const out: Record<string, Tree | string> = {};
  for (const [namespace, value] of Object.entries(catalogue)) {
    if (whole.has(namespace)) out[namespace] = value;
    else if (typeof value !== 'string') {
      const errors = errorsOnly(value);
      if (errors) out[namespace] = errors;
    }
  }
  return out;
}

/** Whether a name is a part's (the build's virtual modules are named after it). */
export function isCataloguePart(name: string): name is CataloguePart {
  return Object.hasOwn(CATALOGUE_PARTS, name);
}
