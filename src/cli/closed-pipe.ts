// A reader that stops early (`tm search … | head`) closes the pipe: the next write fails with
// EPIPE. That is the reader's choice, not a failure, so the process ends quietly with exit 0
// instead of Node's unhandled-error stack trace.
const onStreamError = (err: NodeJS.ErrnoException): void => {
  if (err.code === 'EPIPE') process.exit(0);
  throw err;
};

export const endQuietlyOnClosedPipe = (): void => {
  process.stdout.on('error', onStreamError);
  process.stderr.on('error', onStreamError);
};
