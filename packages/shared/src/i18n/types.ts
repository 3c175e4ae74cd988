import type { it } from './it';

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
/** The shape every language's shared catalogue must have: Italian's, key for key. */
export type Catalogue = Widen<typeof it>;
