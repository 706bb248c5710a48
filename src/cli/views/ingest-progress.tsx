// The live ingest display on a TTY (ink): records, records/s, skipped and the current file.
import React from 'react';
import { Box, Text, render } from 'ink';
import type { IngestProgress } from '../../ingest/pipeline.js';

const ProgressLine = ({ p }: { p: IngestProgress }) => {
  const rate = p.elapsedMs > 0 ? Math.round((p.records * 1000) / p.elapsedMs) : 0;
  return (
    <Box gap={2}>
      <Text color="cyan">ingesting</Text>
      <Text>{p.records.toLocaleString('en')} records</Text>
      <Text>{rate.toLocaleString('en')}/s</Text>
      <Text color={p.skipped > 0 ? 'yellow' : undefined}>{p.skipped} skipped</Text>
      <Text dimColor>{p.file}</Text>
    </Box>
  );
};

export const startProgress = () => {
  let last: IngestProgress = { file: '', records: 0, skipped: 0, elapsedMs: 0 };
  const app = render(<ProgressLine p={last} />, { stdout: process.stderr, patchConsole: false });
  return {
    update: (p: IngestProgress) => {
      last = p;
      app.rerender(<ProgressLine p={last} />);
    },
    stop: () => {
      app.rerender(<ProgressLine p={last} />);
      app.unmount();
    },
  };
};
