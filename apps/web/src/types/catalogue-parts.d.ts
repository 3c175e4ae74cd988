// The catalogue parts cut by build/catalogue-parts.ts (decision 162).
declare module 'virtual:catalogue/*' {
  type Tree = { [key: string]: string | Tree };
  const part: Tree;
  export default part;
  /** The public part only: the texts shared with the server, in the part's language. */
  export const shared: Tree | undefined;
}
