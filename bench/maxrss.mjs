// Preloaded (node --import) into a command a benchmark times: writes the process's peak resident
// memory (kilobytes, as getrusage gives it) to the file BENCH_RSS_FILE names, at exit.
import { writeFileSync } from 'node:fs';

const file = process.env.BENCH_RSS_FILE;
if (file) process.on('exit', () => writeFileSync(file, String(process.resourceUsage().maxRSS)));
