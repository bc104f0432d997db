/**
 * What the request thread and the worker threads say to each other: a job goes out with an id,
 * its answer comes back with it. Everything here crosses threads by structured clone.
 */
import type { RenderedPage } from '../render/options.js';
import type { PdfJob, PdfJobResult } from '../render/pdf-job.js';
import type { SearchJob, SearchJobResult } from './search-protocol.js';

export type Role = 'render' | 'search' | 'pdf';

/** A page of a revision as a link resolves to it: no content. */
export interface MapPage {
  id: string;
  title: string;
  type: 'document' | 'group' | 'link' | 'computed';
  gitPath?: string;
  path: string;
  /** Its address under the rendering's addressing. */
  url: string;
}

/** What a rendering resolves links and images against: the revision's pages and files, with their addresses. */
export interface SiteMap {
  pages: MapPage[];
  files: { id: string; name: string; url: string }[];
}

export interface RenderJob {
  kind: 'render';
  markdown: string;
  /** The page rendered: relative links resolve against its file. */
  page: { id: string; gitPath?: string };
  map: SiteMap;
}

export type Job = RenderJob | SearchJob | PdfJob;

export type JobResult<J extends Job> = J extends RenderJob ? RenderedPage : J extends SearchJob ? SearchJobResult<J> : J extends PdfJob ? PdfJobResult : never;

export type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: string };
