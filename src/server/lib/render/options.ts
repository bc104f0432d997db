/** What a rendering is told about the site it renders for, and what it answers. */

/**
 * The title Git Sync gives a page mention written in markdown, `[steps.md](guide/steps.md "mention")`
 * (in HTML it is `<a data-mention>`): the platform shows the page's title, not the link's text.
 */
export const MENTION_TITLE = 'mention';

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
