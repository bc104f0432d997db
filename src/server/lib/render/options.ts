/** What a rendering is told about the site it renders for, and what it answers. */

export interface HtmlOptions {
  /** Where a link points in the rendered site: page references, relative `.md` paths, assets. */
  resolveLink?(href: string): string | undefined;
  /** Where an image (or a linked file) is served from. */
  resolveImage?(src: string): string | undefined;
  /** The title of the page a link points at: page mentions and page cards show it. */
  linkTitle?(href: string): string | undefined;
}

export interface Heading {
  level: number;
  text: string;
  id: string;
}

export interface RenderedPage {
  html: string;
  headings: Heading[];
}
