// The type of every message key: the dotted paths of the English catalogue's leaves. Domain code names
// its messages with this type, so a key missing from the catalogue is a compile error.

import type en from './en.json';

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** A message key of the catalogues, e.g. 'contractors.errors.noneDesignated'. */
export type MessageKey = Leaves<typeof en>;

/** The shape every catalogue has (the English one is the reference). */
export type Catalogue = typeof en;
