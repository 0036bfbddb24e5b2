// The types of the message keys: the dotted paths of the English catalogues' leaves. Domain code names
// its messages with these types, so a key missing from the catalogues is a compile error.
//
// The catalogues are split by audience (docs/decisions.md): `./{en,ja,ko}.json` hold what only the
// SPA shows, `./server/{en,ja,ko}.json` the namespaces the server renders in the recipient's language
// (e-mails, SMS, the audit pages and the certificate). Each top-level namespace lives in one part; the
// SPA sees both merged.

import type spaEn from './en.json';
import type serverEn from './server/en.json';

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** The shape of the server catalogues (the English one is the reference). */
export type ServerCatalogue = typeof serverEn;

/** The shape of the SPA-only catalogues. */
export type SpaCatalogue = typeof spaEn;

/** The shape every merged catalogue has: the SPA's namespaces and the server's, side by side. */
export type Catalogue = {
  [K in keyof SpaCatalogue | keyof ServerCatalogue]: K extends keyof ServerCatalogue
    ? ServerCatalogue[K]
    : K extends keyof SpaCatalogue
      ? SpaCatalogue[K]
      : never;
};

/** A top-level namespace the server renders, e.g. 'signRequest'. */
export type ServerNamespace = keyof ServerCatalogue & string;

/** A message key of the server catalogues, e.g. 'signRequest.subject'. */
export type ServerMessageKey = Leaves<ServerCatalogue>;

/** A message key of the catalogues (both parts), e.g. 'contractors.errors.noneDesignated'. */
export type MessageKey = Leaves<Catalogue>;
