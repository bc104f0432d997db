'use strict';

/**
 * Requires the bundle the way Node would, but compiled with a V8 code cache: parsing and compiling
 * the 1.3 MB bundle (zod included) is a large part of a short command's run. Node 20 has no
 * module.enableCompileCache, so this is the v8-compile-cache technique. The cache lives in the
 * user's cache folder, keyed by Node's version and the bundle's size and time; it is written once,
 * at exit (so it holds the functions the run compiled), and any failure to read or write it only
 * means compiling as usual. GBCTL_NO_CODE_CACHE=1 turns it off.
 */
function load(file) {
  const fs = require('node:fs');
  const path = require('node:path');
  const vm = require('node:vm');
  // The loader's own Module class: require('node:module') would load the ES module loader too.
  const Module = module.constructor;
  // The build makes the bundle ASCII: read as latin1 it becomes a one-byte string, several
  // times faster than decoding UTF-8 (which is kept for a bundle that is not ASCII).
  const bytes = fs.readFileSync(file);
  const source = require('node:buffer').isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
  const cacheFile = process.env.GBCTL_NO_CODE_CACHE ? undefined : codeCachePath(fs, path, file);
  let cachedData;
  try {
    if (cacheFile) cachedData = fs.readFileSync(cacheFile);
  } catch {
    // no cache yet (or unreadable): compile from source and write one at exit
  }
  const script = new vm.Script(Module.wrap(source), { filename: file, cachedData });
  // import() cannot run inside this script on Node 20 (see src/cli/esm.ts): the bundle's
  // ES-module-only dependencies are imported from here.
  globalThis[Symbol.for('gbctl.import')] = (id) => import(id);
  if (cacheFile && (!cachedData || script.cachedDataRejected)) {
    process.once('exit', () => writeCodeCache(fs, path, cacheFile, script));
  }
  const mod = new Module(file, module);
  mod.filename = file;
  const wrapper = script.runInThisContext();
  wrapper.call(mod.exports, mod.exports, Module.createRequire(file), mod, file, path.dirname(file));
  mod.loaded = true;
  return mod.exports;
}

function codeCachePath(fs, path, file) {
  try {
    const { size, mtimeMs } = fs.statSync(file);
    const base = process.env.XDG_CACHE_HOME || path.join(require('node:os').homedir(), '.cache');
    const key = `${process.version}-${process.arch}-${size}-${Math.floor(mtimeMs)}`;
    return path.join(base, 'gbctl', `cli-${key}.v8cache`);
  } catch {
    return undefined;
  }
}

function writeCodeCache(fs, path, cacheFile, script) {
  // Written aside and renamed: a concurrent run reads a whole cache or none.
  const tmp = `${cacheFile}.${process.pid}.tmp`;
  try {
    fs.mkdirSync(path.dirname(cacheFile), { recursive: true });
    // A new file, never one found there: a link planted under the temporary name is not written through.
    const c = fs.constants;
    const fd = fs.openSync(tmp, c.O_WRONLY | c.O_CREAT | c.O_EXCL | (c.O_NOFOLLOW || 0), 0o644);
    try {
      fs.writeFileSync(fd, script.createCachedData());
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(tmp, cacheFile);
  } catch {
    // an unwritable cache folder or a full disk only costs the next run its compile time
    try {
      fs.rmSync(tmp, { force: true });
    } catch {
      // nothing more to do
    }
    return;
  }
  sweepCaches(fs, path, cacheFile);
}

/** Caches of earlier builds or Node versions, and temp files of runs killed while writing one, are dead weight. */
function sweepCaches(fs, path, cacheFile) {
  const dir = path.dirname(cacheFile);
  try {
    for (const f of fs.readdirSync(dir)) {
      const tmp = /^cli-.*\.v8cache\.(\d+)\.tmp$/.exec(f);
      const stale = tmp ? !running(Number(tmp[1])) : /^cli-.*\.v8cache$/.test(f) && f !== path.basename(cacheFile);
      if (stale) fs.rmSync(path.join(dir, f), { force: true });
    }
  } catch {
    // left for the next run
  }
}

function running(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === 'EPERM';
  }
}

module.exports = { load };
