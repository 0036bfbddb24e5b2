// config.json, read once per page load (issue #33): the boot script (../boot.ts) starts reading it
// (picking up index.html's preload) to ask for a signer link's view while the app's code still
// downloads; the app's `loadConfig` then takes that same answer rather than asking again (both
// servers mark the file no-store/no-cache: a second request would go to the network). No imports:
// the boot script carries this module.

const request = (url: string) => fetch(url, { headers: { accept: 'application/json' } });

let early: { url: string; response: Promise<Response> } | undefined;
let taken = false;

/**
 * The boot script's copy of config.json's body, or undefined once the app has read the file itself
 * (the app then asks for what the boot script would have).
 */
export function earlyConfigBody(url = '/config.json'): Promise<unknown> | undefined {
  if (taken) return undefined;
  early ??= { url, response: request(url) };
  // A copy: the answer itself is left unread for the app.
  return early.response.then((r) => r.clone().json());
}

/** For the app: the answer the boot script asked for, else a new request. */
export function configResponse(url: string): Promise<Response> {
  taken = true;
  const started = early?.url === url ? early.response : undefined;
  early = undefined;
  return started ?? request(url);
}
