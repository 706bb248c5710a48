// Human renderings for a TTY, keyed by operation name. An operation without its own view gets the
// generic one. JSON output never comes through here.
import { renderGeneric } from './generic-view.js';
import { renderTrademark } from './trademark-view.js';

type View = (output: never) => string | Promise<string>;

const VIEWS: Record<string, View> = {
  get_trademark: renderTrademark,
};

export const renderHuman = async (opName: string, output: unknown): Promise<void> => {
  const view = VIEWS[opName] as ((o: unknown) => string | Promise<string>) | undefined;
  const text = view ? await view(output) : renderGeneric(output);
  if (text) process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
};
