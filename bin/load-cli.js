'use strict';

/**
 * Requires the bundle the way Node would, but compiled with a V8 code cache: parsing and compiling
 * the 1.3 MB bundle (zod included) is a large part of a short command's run. Node 20 has no
 * module.enableCompileCache, so this is the v8-compile-cache technique. The caches live in the
 * user's cache folder, keyed by Node's version and the bundle's size and time, one per command
 * (`command`, see commandOf): a cache is written at exit of the command's first run, so it holds
 * the functions that command compiled, and a cache made by another command would hold the wrong
 * ones. Any failure to read or write one only means compiling as usual. GBCTL_NO_CODE_CACHE=1
 * turns them off.
 */
function load(file, command = 'none') {
  const fs = require('node:fs');
  const path = require('node:path');
  const vm = require('node:vm');
  // The loader's own Module class: require('node:module') would load the ES module loader too.
  const Module = module.constructor;
  // The build makes the bundle ASCII: read as latin1 it becomes a one-byte string, several
  // times faster than decoding UTF-8 (which is kept for a bundle that is not ASCII).
  const bytes = fs.readFileSync(file);
  const source = require('node:buffer').isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
  const cacheFile = process.env.GBCTL_NO_CODE_CACHE ? undefined : codeCachePath(fs, path, file, command);
  let cachedData;
  try {
    if (cacheFile) cachedData = fs.readFileSync(cacheFile);
  } catch {
    // no cache yet (or unreadable): compile from source and write one at exit
  }
  // A bundle the build wrote wrapped compiles as it is (see WRAPPER); another one is wrapped here.
  const wrapped = source.startsWith(WRAPPER[0]) && source.endsWith(WRAPPER[1]);
  const script = new vm.Script(wrapped ? source : Module.wrap(source), { filename: file, cachedData });
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

/**
 * CommonJS's function wrapper, as Node's Module.wrap writes it: the build writes dist/cli.cjs
 * inside it, so that the source read is the source compiled, with no wrapped copy made of it.
 */
const WRAPPER = ['(function (exports, require, module, __filename, __dirname) { ', '\n});'];

/**
 * The global options that take a value (rootCommand in src/cli/program.ts; a test holds the two equal): their
 * values are skipped when the command's words are looked for.
 */
const VALUED_GLOBALS = new Set(['--endpoint', '--token', '--profile', '--store', '--data', '--org', '--jq', '--retries', '--timeout']);

/**
 * A command's name for its cache, from its arguments: its first two words (`spaces-list`). An
 * argument order this does not foresee only gives the command a cache of its own.
 */
function commandOf(args) {
  const words = [];
  for (let i = 0; i < args.length && words.length < 2; i++) {
    const a = args[i];
    if (VALUED_GLOBALS.has(a)) i++;
    else if (/^[a-z][a-z-]{0,40}$/.test(a)) words.push(a);
    else if (!a.startsWith('-')) break;
  }
  return words.join('-') || 'none';
}

/** At most this many commands' caches are kept: the newest. */
const KEPT_CACHES = 16;

function codeCachePath(fs, path, file, command) {
  try {
    const { size, mtimeMs } = fs.statSync(file);
    const base = process.env.XDG_CACHE_HOME || path.join(require('node:os').homedir(), '.cache');
    const key = `${process.version}-${process.arch}-${size}-${Math.floor(mtimeMs)}`;
    return path.join(base, 'gbctl', `cli-${key}.${command}.v8cache`);
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

/**
 * Caches of earlier builds or Node versions, temp files of runs killed while writing one, and
 * the oldest of this build's beyond KEPT_CACHES are dead weight.
 */
function sweepCaches(fs, path, cacheFile) {
  const dir = path.dirname(cacheFile);
  const build = path.basename(cacheFile).replace(/\.[^.]+\.v8cache$/, '.');
  try {
    const mine = [];
    for (const f of fs.readdirSync(dir)) {
      const tmp = /^cli-.*\.v8cache\.(\d+)\.tmp$/.exec(f);
      if (tmp) {
        if (!running(Number(tmp[1]))) fs.rmSync(path.join(dir, f), { force: true });
      } else if (/^cli-.*\.v8cache$/.test(f)) {
        if (f.startsWith(build)) mine.push({ f, t: fs.statSync(path.join(dir, f)).mtimeMs });
        else fs.rmSync(path.join(dir, f), { force: true });
      }
    }
    mine.sort((a, b) => b.t - a.t);
    for (const { f } of mine.slice(KEPT_CACHES)) if (f !== path.basename(cacheFile)) fs.rmSync(path.join(dir, f), { force: true });
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

module.exports = { load, commandOf, VALUED_GLOBALS, WRAPPER };
