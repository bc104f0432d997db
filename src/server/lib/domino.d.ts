/**
 * The part of @mixmark-io/domino (the HTML5 parser turndown brings) that link finding uses. The
 * package's own declarations name the module `domino` and need the DOM library, which the
 * server does not compile against.
 */
declare module '@mixmark-io/domino' {
  export interface DominoElement {
    readonly tagName: string;
    getAttribute(name: string): string | null;
    closest(selector: string): DominoElement | null;
  }
  export interface DominoDocument {
    /** An array for some selectors, a NodeList without an iterator for others: index it. */
    querySelectorAll(selector: string): ArrayLike<DominoElement>;
  }
  export function createDocument(html?: string, force?: boolean): DominoDocument;
}
