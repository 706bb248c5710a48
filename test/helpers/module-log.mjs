// Registered with `node --import`: appends every file module the process loads to $TM_MODULE_LOG,
// so a test can see what a command imported at start.
import { register } from 'node:module';
import process from 'node:process';

if (process.env.TM_MODULE_LOG) {
  register(
    `data:text/javascript,${encodeURIComponent(`
      import { appendFileSync } from 'node:fs';
      export async function load(url, context, next) {
        if (url.startsWith('file:')) appendFileSync(${JSON.stringify(process.env.TM_MODULE_LOG)}, url + '\\n');
        return next(url, context);
      }`)}`,
  );
}
