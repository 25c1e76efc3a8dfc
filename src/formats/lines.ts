// Line-level helpers shared by the plain-text importers: splitting, blank and separator lines, dedenting.

/** Split text into lines without their line endings (CRLF, CR or LF); a leading BOM is dropped. */
export function splitLines(text: string): string[] {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  return body.split(/\r\n|\r|\n/);
}

export function isBlank(line: string): boolean {
  return /^\s*$/.test(line);
}

/** A line that only separates things: "|", "-----", "=====", "*****", "~~~~". */
export function isSeparator(line: string): boolean {
  return /^\s*(\|+|[-=*~_#+]{3,}|(?:\* ?){3,}|(?:- ?){3,})\s*$/.test(line);
}

/** Join lines and trim trailing whitespace (and leading blank lines) of the whole text. */
export function joinText(lines: string[]): string {
  let start = 0;
  while (start < lines.length && isBlank(lines[start]!)) start++;
  return lines.slice(start).join('\n').replace(/\s+$/, '');
}

export function indentOf(line: string): number {
  const m = /^[ \t]*/.exec(line);
  return m ? m[0].replace(/\t/g, '    ').length : 0;
}

/** Remove up to `max` columns of the indentation common to all non-blank lines (from blank lines too). */
export function dedent(lines: string[], max = Infinity): string[] {
  let common = Infinity;
  for (const line of lines) if (!isBlank(line)) common = Math.min(common, indentOf(line));
  if (!Number.isFinite(common)) return lines.map(() => '');
  const cut = Math.min(common, max);
  // whitespace-only lines keep what lies beyond the cut (an exported "   " line comes back as "   ")
  return lines.map((line) => stripColumns(line, cut));
}

function stripColumns(line: string, n: number): string {
  let col = 0;
  let i = 0;
  while (i < line.length && col < n && (line[i] === ' ' || line[i] === '\t')) {
    col += line[i] === '\t' ? 4 : 1;
    i++;
  }
  return line.slice(i);
}

/** Short quoted excerpt of a line for warnings. */
export function excerpt(line: string, max = 60): string {
  const t = line.trim();
  return JSON.stringify(t.length > max ? `${t.slice(0, max - 1)}…` : t);
}
