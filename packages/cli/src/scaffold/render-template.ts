/**
 * The template language of `svc plugin new`, small enough to read in one go: `{{key}}` inserts
 * a value, and `{{#if part}}...{{/if}}` / `{{#unless part}}...{{/unless}}` keep or drop text
 * depending on which parts the author chose. A line holding nothing but a block tag disappears
 * with its line break, so templates stay readable without leaving blank lines behind.
 * Unknown keys and unbalanced blocks throw, so a broken template fails its test instead of
 * producing a broken plugin.
 */

/** What a template is rendered with. */
export interface TemplateInput {
  /** Values for `{{key}}`. */
  readonly values: Readonly<Record<string, string>>;
  /** Switches for `{{#if flag}}` and `{{#unless flag}}`. */
  readonly flags: Readonly<Record<string, boolean>>;
}

const TAG = /\{\{\s*(#if|#unless|\/if|\/unless)?\s*([A-Za-z][A-Za-z0-9]*)?\s*\}\}/g;
const LINE_OF_BLOCK_TAG = /^[ \t]*\{\{\s*(#if|#unless)\s+[A-Za-z][A-Za-z0-9]*\s*\}\}[ \t]*\r?\n|^[ \t]*\{\{\s*\/(if|unless)\s*\}\}[ \t]*\r?\n/gm;

/** Renders one template; `where` names it in errors. */
export function renderTemplate(template: string, input: TemplateInput, where: string): string {
  const text = template.replace(LINE_OF_BLOCK_TAG, (line) => line.trim());
  const open: { kind: 'if' | 'unless'; keep: boolean }[] = [];
  let output = '';
  let last = 0;
  const keeping = () => open.every((block) => block.keep);
  for (const match of text.matchAll(TAG)) {
    if (keeping()) output += text.slice(last, match.index);
    last = match.index + match[0].length;
    const [, block, key] = match;
    if (block === '#if' || block === '#unless') {
      if (!key || !(key in input.flags)) throw new Error(`${where}: unknown switch in ${match[0]}`);
      open.push({ kind: block === '#if' ? 'if' : 'unless', keep: block === '#if' ? input.flags[key]! : !input.flags[key]! });
    } else if (block) {
      const closed = open.pop();
      if (!closed || `/${closed.kind}` !== block) throw new Error(`${where}: ${match[0]} closes no open {{#${block.slice(1)}}}`);
    } else {
      if (!key || !(key in input.values)) throw new Error(`${where}: unknown value in ${match[0]}`);
      if (keeping()) output += input.values[key];
    }
  }
  if (open.length > 0) throw new Error(`${where}: {{#${open.at(-1)!.kind}}} is never closed`);
  return output + text.slice(last);
}
