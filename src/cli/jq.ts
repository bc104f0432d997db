import { usageError } from './exit-codes.js';

/**
 * jq itself (jq-web: jq compiled to WebAssembly, shipped inside the npm package), loaded the
 * first time --jq is used. jq-web hands jq its input as a file in the module's memory and
 * collects the output in an array, so a run costs time in proportion to the JSON in and out.
 * (jq-wasm, used before, fed standard input one byte at a time by copying the rest of the
 * input and grew its output buffer by one byte per byte written: quadratic in both.)
 */
interface Engine {
  /** jq's standard output less one final newline; undefined when jq printed nothing. */
  raw(input: string | Uint8Array, filter: string, flags?: string[]): string | undefined;
}

interface JqFailure extends Error {
  exitCode?: number;
  stderr?: string;
}

let engine: Promise<Engine> | undefined;
/**
 * required, not imported: jq-web's export is a promise, and the namespace object a bundled
 * import() makes of a CommonJS module inherits the prototype of its export, so it would be
 * taken for a promise itself.
 */
async function load(): Promise<Engine> {
  const { createRequire } = await import('node:module');
  return (engine ??= createRequire(import.meta.url)('jq-web') as Promise<Engine>);
}

/** jq's words for a failure, without the wrapper's and with the input called what jq calls standard input. */
function jqMessage(e: JqFailure): string {
  const text = (e.stderr ?? e.message).replace(/^Non-zero exit code: \d+\s*/, '');
  return text
    .replace(/\(at inputString:(\d+)\)/g, '(at <stdin>:$1)')
    .replace(/^jq: error: /, '')
    .replace(/^jq: /, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Runs jq synchronously with console.warn routed to `warn`: jq-web reports what jq wrote on
 * stderr without failing (debug, stderr) through console.warn, with formatting of its own.
 */
function run(jq: Engine, input: string | Uint8Array, filter: string, flags: string[], warn: (line: string) => void): string | undefined {
  const saved = console.warn;
  console.warn = (...args: unknown[]) => warn(String(args[args.length - 1]));
  try {
    return jq.raw(input, filter, flags);
  } finally {
    console.warn = saved;
  }
}

/** Binds no input and runs nothing: jq compiles the filter, and only a compile error fails. */
const COMPILE_ONLY = 'empty as $__gbctl_compile_only | ';

/** Compiles a jq expression without running it: a syntax error is a usage error before anything is sent. */
export async function checkJq(expr: string): Promise<void> {
  const jq = await load();
  try {
    run(jq, 'null', `${COMPILE_ONLY}${expr}`, ['-M'], () => {});
  } catch (e) {
    const failure = e as JqFailure;
    if (failure.exitCode === 3 || /compile error/.test(failure.message)) throw usageError(`--jq: ${jqMessage(failure).split(COMPILE_ONLY).join('')}`);
    throw e;
  }
}

/**
 * Runs a jq filter over `data` as jq does (strings print raw), answering exactly what jq wrote.
 * What the filter writes on stderr (debug, stderr) goes to `warn`.
 */
export async function applyJq(data: unknown, expr: string, warn: (line: string) => void = () => {}): Promise<string> {
  const jq = await load();
  const input = Buffer.from(JSON.stringify(data ?? null), 'utf8');
  let out: string | undefined;
  try {
    out = run(jq, input, expr, ['-r', '-M'], warn);
  } catch (e) {
    throw usageError(`--jq: ${jqMessage(e as JqFailure)}`);
  }
  // jq-web drops the newline jq ends its output with; every output of jq -r ends with one.
  return out === undefined ? '' : `${out}\n`;
}
