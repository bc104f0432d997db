/**
 * The part of @mixmark-io/domino (the HTML5 parser turndown brings) that link finding uses. The
 * package's own declarations name the module `domino` and need the DOM library, which the
 * server does not compile against.
 */
declare module '@mixmark-io/domino' {
  export interface DominoNode {
    readonly nodeType: number;
    readonly firstChild: DominoNode | null;
    readonly nextSibling: DominoNode | null;
  }
  export interface DominoElement extends DominoNode {
    readonly nodeType: 1;
    /** Lower case for HTML elements in an HTML document. */
    readonly localName: string;
    getAttribute(name: string): string | null;
  }
  export interface DominoDocument extends DominoNode {
    readonly documentElement: DominoElement | null;
  }
  export function createDocument(html?: string, force?: boolean): DominoDocument;
}
