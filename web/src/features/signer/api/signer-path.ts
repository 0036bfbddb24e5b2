// A signer link's API path (issue #5): /sign/{docuId}/{token}, below the API base. Its own module so
// that the early view (./early-view.ts) asks for it without the schemas of every signer call.

/** The link's API path: also the key its routing refusals are told under (./refusal.ts). */
export const signerBase = (docuId: string, token: string) =>
  `/sign/${encodeURIComponent(docuId)}/${encodeURIComponent(token)}`;
