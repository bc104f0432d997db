import type { CoreRequest, CoreResponse } from '../exchange.js';
import type { Env } from '../context.js';
import { documentToMarkdown } from '../lib/document.js';
import { renderHtml } from '../lib/render/markdown.js';
import { unifiedDiff } from '../../lib/unified-diff.js';
import { memberships, membershipId, orgs, users, type UserRecord } from '../model/org.js';
import { specs, specVersions } from '../model/openapi.js';
import { changeRequests, comments, type ChangeRequestRecord, type CommentRecord, type ConflictKind, type ConflictRecord } from '../model/review.js';
import type { RevisionRecord } from '../model/revision.js';
import { getRevision } from '../model/revision-store.js';
import { siteSpaceRows, sites } from '../model/site.js';
import { collections, spaces, type SpaceRecord } from '../model/space.js';
import type { ReadTx } from '../../store/store.js';
import { baseRevisionOf } from '../views/change-request.js';
import { article, pageAt, sidebar, viewOf, type Addressing, type RevisionView } from './content.js';
import { esc, htmlResponse, notice, page, redirect, timeHtml } from './html.js';
import { markdownAt, markdownResponse } from './page-markdown.js';
import { signedIn } from './session.js';

type Out = CoreResponse;
const missing = () => notice(404, 'Not found', '<p>There is nothing here, or it is not yours to see.</p>');
const seg = (s: string) => encodeURIComponent(s);
const link = (href: string, text: string) => `<a href="${esc(href)}">${esc(text)}</a>`;
const list = (items: string[], empty: string) =>
  items.length ? `<ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul>` : `<p class="muted">${esc(empty)}</p>`;

function member(tx: ReadTx, user: UserRecord, organization: string): boolean {
  return !!tx.get(memberships, membershipId(organization, user.id));
}

function nav(tx: ReadTx, user: UserRecord): string {
  const mine = tx
    .where(memberships, 'user', user.id)
    .map((m) => tx.get(orgs, m.organization))
    .filter((o) => !!o);
  return `${mine.map((o) => link(`/app/o/${seg(o.id)}`, o.title)).join('')}<a href="/app/~/sign-out">Sign out (${esc(user.displayName)})</a>`;
}

function shell(tx: ReadTx, user: UserRecord, title: string, body: string, side?: string): Out {
  return htmlResponse(200, page({ title, brand: 'gbctl', headerNav: nav(tx, user), body, noindex: true, ...(side ? { sidebar: side } : {}) }));
}

function commentHtml(tx: ReadTx, c: CommentRecord): string {
  const who = tx.get(users, c.postedBy)?.displayName ?? c.postedBy;
  const md = 'markdown' in c.body ? c.body.markdown : documentToMarkdown(c.body.document as { nodes?: unknown[] });
  const on = c.page ? ` on “${esc(c.page.title)}”` : '';
  return `<div class="comment"><p class="muted">${esc(who)}${on}, ${timeHtml(c.postedAt)} · ${c.status}</p>${renderHtml(md).html}</div>`;
}

function spaceAddressing(base: string): Addressing {
  return {
    key: base,
    page: (path) => `${base}${path ? `/${path.split('/').map(seg).join('/')}` : ''}`,
    file: (f) => (f.blob ? `/_gbctl/blobs/${seg(f.blob)}` : '#'),
  };
}

/** A page of a revision in the app: the tree aside, the page, and its comments. */
function contentPage(
  tx: ReadTx,
  user: UserRecord,
  s: SpaceRecord,
  rev: RevisionRecord,
  base: string,
  path: string,
  heading: string,
  cr?: ChangeRequestRecord,
): Out {
  const crId = cr?.id;
  const v = viewOf(rev);
  const a = spaceAddressing(base);
  const md = markdownAt(v, path);
  if (md) return markdownResponse(md);
  const f = pageAt(v, path);
  if (!f && path) return missing();
  const conflicted = f && cr?.conflicts?.some((e) => e.page === f.page.id && !e.resolved);
  if (conflicted)
    heading += `<p class="hint hint-danger conflict-note">This page conflicts with the main content: ${link(`${base}#conflict-${f.page.id}`, 'see both sides')}.</p>`;
  const pageComments = f ? tx.where(comments, 'space', s.id).filter((c) => c.page?.id === f.page.id && (c.changeRequest ?? undefined) === crId) : [];
  const body = `${heading}${f ? article(v, f, a) : '<p class="muted">No pages yet.</p>'}${pageComments.length ? `<h2>Comments</h2>${pageComments.map((c) => commentHtml(tx, c)).join('')}` : ''}`;
  return shell(tx, user, f?.page.title ?? s.title, body, sidebar(rev.pages, v, f?.page.id, a));
}

const CONFLICT_KINDS: Record<ConflictKind, string> = {
  edited: 'changed on both sides',
  'deleted-in-main': 'deleted on main, changed in this change request',
  'deleted-in-change-request': 'deleted in this change request, changed on main',
  moved: 'moved to different places on both sides',
};

/** A page's title and text as one diffable document, or undefined where the revision lacks it. */
function pageText(v: RevisionView | undefined, id: string): { text: string; path: string } | undefined {
  const f = v?.byId.get(id);
  return f ? { text: `# ${f.page.title}\n\n${f.page.markdown}`, path: f.path } : undefined;
}

/** A recorded conflict: what each side did, each as a diff against the base both started from. */
function conflictHtml(tx: ReadTx, e: ConflictRecord, cr: RevisionView, href: string): string {
  const views = [e.base, e.main].map((id) => getRevision(tx, id)).map((r) => (r ? viewOf(r) : undefined));
  const [base, main] = [pageText(views[0], e.page), pageText(views[1], e.page)];
  const mine = pageText(cr, e.page);
  const side = (label: string, after: { text: string; path: string } | undefined) =>
    `<h4>${label}</h4>${after || base ? diffBlock(after?.path ?? base?.path ?? e.path, base?.text, after?.text) : '<p class="muted">Not there.</p>'}`;
  const state = e.resolved ? `settled: ${e.resolved.keep === 'main' ? "main's side kept" : "this change request's side kept"}` : 'not settled';
  const title = mine ? link(href, e.title) : esc(e.title);
  return `<section class="hint ${e.resolved ? 'hint-success' : 'hint-danger'} conflict" id="conflict-${esc(e.page)}" data-page="${esc(e.page)}" data-resolved="${e.resolved ? 'true' : 'false'}">
<h3>Conflict: ${title} <span class="muted">${esc(e.path)}</span></h3><p>${esc(CONFLICT_KINDS[e.kind])} · ${state}</p>${side("Main's side", main)}${side("This change request's side", mine)}</section>`;
}

function changeRequestPage(tx: ReadTx, user: UserRecord, s: SpaceRecord, n: string): Out {
  const cr = tx.where(changeRequests, 'space', s.id).find((r) => String(r.number) === n || r.id === n);
  const crRev = cr ? getRevision(tx, cr.revision) : undefined;
  // Its own changes: against the main content it is based on, so main's later edits are not shown as its.
  const baseRev = cr ? getRevision(tx, baseRevisionOf(cr)) : undefined;
  if (!cr || !crRev || !baseRev) return missing();
  const before = viewOf(baseRev);
  const after = viewOf(crRev);
  const base = `/app/s/${seg(s.id)}/~/changes/${cr.number}`;
  const at = (path: string) => `${base}/${path.split('/').map(seg).join('/')}`;
  const open = new Set((cr.conflicts ?? []).filter((e) => !e.resolved).map((e) => e.page));
  const mark = (id: string) => (open.has(id) ? ' <a class="conflict-mark" href="#conflict-' + esc(id) + '">⚠ conflict</a>' : '');
  const diffs: string[] = [];
  for (const f of after.docs) {
    const old = before.byId.get(f.page.id);
    if (old && old.page.markdown === f.page.markdown && old.page.title === f.page.title) continue;
    diffs.push(
      `<h3>${old ? 'Changed' : 'Added'}: ${link(at(f.path), f.page.title)}${mark(f.page.id)}</h3>${diffBlock(f.path, old ? `# ${old.page.title}\n\n${old.page.markdown}` : undefined, `# ${f.page.title}\n\n${f.page.markdown}`)}`,
    );
  }
  for (const f of before.docs) {
    if (!after.byId.has(f.page.id))
      diffs.push(`<h3>Removed: ${esc(f.page.title)}${mark(f.page.id)}</h3>${diffBlock(f.path, `# ${f.page.title}\n\n${f.page.markdown}`, undefined)}`);
  }
  const conflicts = cr.conflicts ?? [];
  const conflictsHtml = conflicts.length
    ? `<h2>Conflicts with the main content</h2><p>${open.size ? `${open.size} of ${conflicts.length} not settled: this change request merges once each is edited here or one side is kept (<code>gbctl change-requests resolve</code>).` : 'All settled.'}</p>${conflicts.map((e) => conflictHtml(tx, e, after, at(e.path))).join('')}`
    : '';
  const crComments = tx.where(comments, 'space', s.id).filter((c) => c.changeRequest === cr.id);
  const author = tx.get(users, cr.createdBy)?.displayName ?? cr.createdBy;
  const body = `<p>${link(`/app/s/${seg(s.id)}`, s.title)} › change request #${cr.number}</p><h1>#${cr.number} ${esc(cr.subject || 'Untitled change request')}</h1>
<p class="muted">${esc(cr.status)} · opened by ${esc(author)} · ${timeHtml(cr.createdAt)}${open.size ? ` · ${open.size} conflicted page${open.size === 1 ? '' : 's'}` : ''}</p>${conflictsHtml}
<h2>Changes against the main content</h2>${diffs.length ? diffs.join('') : '<p class="muted">No page differs from the main content.</p>'}
<h2>Comments</h2>${crComments.length ? crComments.map((c) => commentHtml(tx, c)).join('') : '<p class="muted">No comments.</p>'}`;
  return shell(tx, user, `#${cr.number} ${cr.subject}`, body, sidebar(crRev.pages, after, undefined, spaceAddressing(base)));
}

function diffBlock(path: string, a: string | undefined, b: string | undefined): string {
  const lines = unifiedDiff(path, a, b).split('\n').slice(2);
  return `<div class="diff">${lines.map((l) => `<div class="${l.startsWith('+') ? 'add' : l.startsWith('-') ? 'del' : ''}">${esc(l) || ' '}</div>`).join('')}</div>`;
}

function spaceRoute(tx: ReadTx, user: UserRecord, rest: string[]): Out {
  const s = tx.get(spaces, rest[0] ?? '');
  if (!s || s.deletedAt || !member(tx, user, s.organization)) return missing();
  const base = `/app/s/${seg(s.id)}`;
  const tail = rest.slice(1).map(decodeURIComponent);
  const crumb = `<p>${link(`/app/o/${seg(s.organization)}`, tx.get(orgs, s.organization)?.title ?? 'Organization')} › ${link(base, s.title)} · ${link(`${base}/~/comments`, 'comments')}${
    tx.where(changeRequests, 'space', s.id).length
      ? ` · ${tx
          .where(changeRequests, 'space', s.id)
          .map((cr) => link(`${base}/~/changes/${cr.number}`, `#${cr.number}`))
          .join(' ')}`
      : ''
  }</p>`;
  if (tail[0] === '~') {
    if (tail[1] === 'comments') {
      const all = tx.where(comments, 'space', s.id);
      return shell(
        tx,
        user,
        `Comments · ${s.title}`,
        `${crumb}<h1>Comments</h1>${all.length ? all.map((c) => commentHtml(tx, c)).join('') : '<p class="muted">No comments.</p>'}`,
      );
    }
    if (tail[1] === 'revisions' && tail[2]) return revisionPage(tx, user, s, tail[2], crumb);
    if (tail[1] === 'changes' && tail[2]) {
      if (tail[3] === '~' && tail[4] === 'revisions' && tail[5]) return revisionPage(tx, user, s, tail[5], crumb);
      if (tail.length === 3) return changeRequestPage(tx, user, s, tail[2]);
      const cr = tx.where(changeRequests, 'space', s.id).find((r) => String(r.number) === tail[2]);
      const rev = cr ? getRevision(tx, cr.revision) : undefined;
      if (!cr || !rev) return missing();
      return contentPage(
        tx,
        user,
        s,
        rev,
        `${base}/~/changes/${cr.number}`,
        tail.slice(3).join('/'),
        `${crumb}<p class="muted">In change request ${link(`${base}/~/changes/${cr.number}`, `#${cr.number} ${cr.subject}`)}</p>`,
        cr,
      );
    }
    return missing();
  }
  const rev = getRevision(tx, s.revision);
  if (!rev) return missing();
  return contentPage(tx, user, s, rev, base, tail.join('/'), crumb);
}

function revisionPage(tx: ReadTx, user: UserRecord, s: SpaceRecord, id: string, crumb: string): Out {
  const rev = getRevision(tx, id);
  if (!rev || rev.space !== s.id) return missing();
  const v = viewOf(rev);
  const body = `${crumb}<h1>Revision ${esc(rev.id)}</h1><p class="muted">${esc(rev.type)} · ${timeHtml(rev.createdAt)}${rev.message ? ` · ${esc(rev.message)}` : ''}</p>
<h2>Pages</h2>${list(
    v.docs.map((f) => esc(`${f.path} — ${f.page.title}`)),
    'No pages.',
  )}<h2>Files</h2>${list(
    rev.files.map((f) => (f.blob ? link(`/_gbctl/blobs/${seg(f.blob)}`, f.name) : esc(f.name))),
    'No files.',
  )}`;
  return shell(tx, user, `Revision ${rev.id}`, body);
}

function orgRoute(tx: ReadTx, user: UserRecord, rest: string[]): Out {
  const o = tx.get(orgs, rest[0] ?? '');
  if (!o || !member(tx, user, o.id)) return missing();
  const base = `/app/o/${seg(o.id)}`;
  if (rest[1] === 'sites' && rest[2]) {
    const site = tx.get(sites, decodeURIComponent(rest[2]));
    if (!site || site.organization !== o.id) return missing();
    const rows = tx.where(siteSpaceRows, 'site', site.id).map((ss) => {
      const sp = tx.get(spaces, ss.space);
      return `${sp ? link(`/app/s/${seg(sp.id)}`, sp.title) : esc(ss.space)} <span class="muted">/${esc(ss.path)}${ss.default ? ' (default)' : ''}</span>`;
    });
    const pub = site.published
      ? `<p>Published ${site.visibility}: ${link(`/published/${seg(o.id)}/${seg(site.basename ?? site.id)}${site.visibility === 'share-link' ? `?shareKey=${seg(site.shareKey)}` : ''}`, 'open the site')}</p>`
      : '<p class="muted">Not published.</p>';
    return shell(tx, user, site.title, `<p>${link(base, o.title)} › sites</p><h1>${esc(site.title)}</h1>${pub}<h2>Spaces</h2>${list(rows, 'No spaces.')}`);
  }
  if (rest[1] === 'openapi' && rest[2]) {
    const spec = tx.where(specs, 'organization', o.id).find((x) => x.slug === decodeURIComponent(rest[2] as string));
    if (!spec) return missing();
    const versions = tx.where(specVersions, 'spec', spec.id).map((v) => `${timeHtml(v.createdAt)} — ${esc(v.url)}`);
    return shell(
      tx,
      user,
      spec.slug,
      `<p>${link(base, o.title)} › OpenAPI</p><h1>${esc(spec.slug)}</h1><p class="muted">${esc(spec.visibility)} · ${esc(spec.processingState)}${spec.sourceURL ? ` · ${esc(spec.sourceURL)}` : ''}</p><h2>Versions</h2>${list(versions, 'No versions.')}`,
    );
  }
  if (rest.length > 1) return missing();
  const liveSpaces = tx.where(spaces, 'organization', o.id).filter((s) => !s.deletedAt);
  const body = `<h1>${esc(o.title)}</h1>
<h2>Spaces</h2>${list(
    liveSpaces.map((s) => link(`/app/s/${seg(s.id)}`, s.title)),
    'No spaces.',
  )}
<h2>Collections</h2>${list(
    tx
      .all(collections)
      .filter((c) => c.organization === o.id)
      .map((c) => link(`/app/c/${seg(c.id)}`, c.title)),
    'No collections.',
  )}
<h2>Sites</h2>${list(
    tx
      .all(sites)
      .filter((s) => s.organization === o.id)
      .map((s) => link(`${base}/sites/${seg(s.id)}`, s.title)),
    'No sites.',
  )}
<h2>OpenAPI specs</h2>${list(
    tx.where(specs, 'organization', o.id).map((s) => link(`${base}/openapi/${seg(s.slug)}`, s.slug)),
    'No specs.',
  )}`;
  return shell(tx, user, o.title, body);
}

function collectionRoute(tx: ReadTx, user: UserRecord, id: string): Out {
  const c = tx.get(collections, id);
  if (!c || !member(tx, user, c.organization)) return missing();
  const inside = tx.where(spaces, 'organization', c.organization).filter((s) => s.parent === c.id && !s.deletedAt);
  const subs = tx.all(collections).filter((x) => x.parent === c.id);
  return shell(
    tx,
    user,
    c.title,
    `<p>${link(`/app/o/${seg(c.organization)}`, tx.get(orgs, c.organization)?.title ?? 'Organization')} › collection</p><h1>${esc(c.title)}</h1>${c.description ? `<p>${esc(c.description)}</p>` : ''}<h2>Spaces</h2>${list(
      inside.map((s) => link(`/app/s/${seg(s.id)}`, s.title)),
      'No spaces.',
    )}${
      subs.length
        ? `<h2>Collections</h2>${list(
            subs.map((x) => link(`/app/c/${seg(x.id)}`, x.title)),
            '',
          )}`
        : ''
    }`,
  );
}

/** `/app/…`: read-only pages for the app URLs the API hands out, for signed-in members. */
export async function serveApp(env: Env, req: CoreRequest, url: URL): Promise<Out> {
  if (req.method !== 'GET' && req.method !== 'HEAD') return notice(405, 'Method not allowed', '<p>These pages are read-only.</p>', { allow: 'GET, HEAD' });
  const user = await signedIn(env, req);
  if (!user) return redirect(`/app/~/sign-in?next=${encodeURIComponent(url.pathname + url.search)}`);
  const parts = url.pathname.split('/').filter(Boolean).slice(1);
  return env.store.read((tx) => {
    if (!parts.length) {
      const mine = tx
        .where(memberships, 'user', user.id)
        .map((m) => tx.get(orgs, m.organization))
        .filter((o) => !!o);
      return shell(
        tx,
        user,
        'Organizations',
        `<h1>Organizations</h1>${list(
          mine.map((o) => link(`/app/o/${seg(o.id)}`, o.title)),
          'You belong to no organization.',
        )}`,
      );
    }
    if (parts[0] === 's') return spaceRoute(tx, user, parts.slice(1));
    if (parts[0] === 'o') return orgRoute(tx, user, parts.slice(1));
    if (parts[0] === 'c' && parts[1]) return collectionRoute(tx, user, decodeURIComponent(parts[1]));
    if (parts[0] === 'files')
      return notice(
        404,
        'No file bytes',
        '<p>This file has no stored bytes on this server; files brought in by an import are downloaded from their <code>downloadURL</code>.</p>',
      );
    return missing();
  });
}
