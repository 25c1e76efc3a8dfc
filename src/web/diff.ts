// Word diff of two texts (longest common subsequence over words and spaces), for showing an
// amendment: what the rule said before and what it says after.
export type Part = { kind: 'same' | 'added' | 'removed'; text: string };

function tokens(text: string): string[] {
  return text.match(/\s+|[^\s]+/g) ?? [];
}

export function wordDiff(before: string, after: string): Part[] {
  const a = tokens(before);
  const b = tokens(after);
  // Trim the common head and tail so long rules with small amendments stay cheap.
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const x = a.slice(head, a.length - tail);
  const y = b.slice(head, b.length - tail);
  const parts: Part[] = [];
  const push = (kind: Part['kind'], text: string) => {
    const last = parts[parts.length - 1];
    if (last && last.kind === kind) last.text += text;
    else if (text) parts.push({ kind, text });
  };
  push('same', a.slice(0, head).join(''));
  if (x.length * y.length > 4_000_000) {
    push('removed', x.join(''));
    push('added', y.join(''));
  } else {
    const n = x.length;
    const m = y.length;
    const lcs: Uint32Array[] = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
    for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) lcs[i]![j] = x[i] === y[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
    let i = 0;
    let j = 0;
    while (i < n && j < m) {
      if (x[i] === y[j]) {
        push('same', x[i]!);
        i++;
        j++;
      } else if (lcs[i + 1]![j]! >= lcs[i]![j + 1]!) push('removed', x[i++]!);
      else push('added', y[j++]!);
    }
    while (i < n) push('removed', x[i++]!);
    while (j < m) push('added', y[j++]!);
  }
  push('same', a.slice(a.length - tail).join(''));
  return parts;
}
