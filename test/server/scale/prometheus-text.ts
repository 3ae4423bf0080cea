/**
 * A strict reader of the Prometheus text exposition format 0.0.4, for tests (decision
 * 0021 says why not an npm parser: the two published ones reject or garble what
 * prom-client writes). It throws on anything the format does not allow: a sample of an
 * undeclared family, a bad name, label or value, a duplicate series, a histogram whose
 * buckets are not cumulative or whose +Inf bucket differs from its count.
 */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Family {
  name: string;
  type: 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';
  help: string;
  samples: Sample[];
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);

function parseValue(raw: string, line: string): number {
  const v = raw.toLowerCase();
  if (v === 'nan') return Number.NaN;
  if (v === '+inf' || v === 'inf') return Infinity;
  if (v === '-inf') return -Infinity;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(raw)) throw new Error(`bad value in: ${line}`);
  return Number(raw);
}

/** Parses `name{a="x",b="y"} value [timestamp]`. */
function parseSample(line: string): Sample {
  const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)/.exec(line);
  if (!m?.[1]) throw new Error(`bad sample: ${line}`);
  const name = m[1];
  let i = name.length;
  const labels: Record<string, string> = {};
  if (line[i] === '{') {
    i += 1;
    while (line[i] !== '}') {
      const lm = /^\s*([a-zA-Z_][a-zA-Z0-9_]*)="/.exec(line.slice(i));
      if (!lm?.[1]) throw new Error(`bad label in: ${line}`);
      i += lm[0].length;
      let value = '';
      for (;;) {
        const c = line[i];
        if (c === undefined) throw new Error(`unterminated label value in: ${line}`);
        i += 1;
        if (c === '"') break;
        if (c === '\\') {
          const e = line[i];
          i += 1;
          if (e === 'n') value += '\n';
          else if (e === '\\' || e === '"') value += e;
          else throw new Error(`bad escape in: ${line}`);
        } else value += c;
      }
      if (lm[1] in labels) throw new Error(`duplicate label ${lm[1]} in: ${line}`);
      labels[lm[1]] = value;
      if (line[i] === ',') i += 1;
      else if (line[i] !== '}') throw new Error(`bad label list in: ${line}`);
    }
    i += 1;
  }
  const rest = line.slice(i).trim().split(/\s+/);
  if (rest.length < 1 || rest.length > 2 || !rest[0]) throw new Error(`bad sample: ${line}`);
  if (rest[1] !== undefined && !/^-?\d+$/.test(rest[1])) throw new Error(`bad timestamp in: ${line}`);
  return { name, labels, value: parseValue(rest[0], line) };
}

function familyOf(families: Map<string, Family>, sample: string): Family | undefined {
  const direct = families.get(sample);
  if (direct) return direct;
  for (const suffix of ['_bucket', '_sum', '_count']) {
    if (!sample.endsWith(suffix)) continue;
    const f = families.get(sample.slice(0, -suffix.length));
    if (f && (f.type === 'histogram' || (f.type === 'summary' && suffix !== '_bucket'))) return f;
  }
  return undefined;
}

function checkHistogram(f: Family): void {
  const series = new Map<string, { buckets: [number, number][]; count?: number }>();
  for (const s of f.samples) {
    const { le, ...rest } = s.labels;
    const key = JSON.stringify(Object.entries(rest).sort());
    const entry = series.get(key) ?? { buckets: [] };
    series.set(key, entry);
    if (s.name === `${f.name}_bucket`) {
      if (le === undefined) throw new Error(`${f.name}: bucket without le`);
      entry.buckets.push([parseValue(le, le), s.value]);
    } else if (s.name === `${f.name}_count`) entry.count = s.value;
  }
  for (const [key, { buckets, count }] of series) {
    buckets.sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < buckets.length; i += 1) {
      if ((buckets[i]?.[1] ?? 0) < (buckets[i - 1]?.[1] ?? 0)) throw new Error(`${f.name}${key}: buckets not cumulative`);
    }
    const inf = buckets.at(-1);
    if (!inf || inf[0] !== Infinity || inf[1] !== count) throw new Error(`${f.name}${key}: +Inf bucket differs from _count`);
  }
}

export function parsePrometheusText(text: string): Map<string, Family> {
  const families = new Map<string, Family>();
  const seen = new Set<string>();
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    if (line.startsWith('#')) {
      const m = /^#\s+(HELP|TYPE)\s+(\S+)(?:\s(.*))?$/.exec(line);
      if (!m) continue; // a comment
      const [, kind, name = '', rest = ''] = m;
      if (!NAME.test(name)) throw new Error(`bad metric name: ${line}`);
      const f = families.get(name) ?? { name, type: 'untyped' as const, help: '', samples: [] };
      families.set(name, f);
      if (kind === 'HELP') f.help = rest;
      else {
        if (!TYPES.has(rest)) throw new Error(`bad type: ${line}`);
        if (f.samples.length > 0) throw new Error(`TYPE after samples: ${line}`);
        f.type = rest as Family['type'];
      }
      continue;
    }
    const sample = parseSample(line);
    for (const l of Object.keys(sample.labels)) if (!LABEL.test(l)) throw new Error(`bad label name ${l}`);
    const f = familyOf(families, sample.name);
    if (!f) throw new Error(`sample of an undeclared family: ${line}`);
    const id = sample.name + JSON.stringify(Object.entries(sample.labels).sort());
    if (seen.has(id)) throw new Error(`duplicate series: ${line}`);
    seen.add(id);
    f.samples.push(sample);
  }
  for (const f of families.values()) if (f.type === 'histogram') checkHistogram(f);
  return families;
}

function matches(s: Sample, labels: Record<string, string>): boolean {
  return Object.entries(labels).every(([k, v]) => s.labels[k] === v);
}

/** The one sample called `name` with these labels (among others); throws unless exactly one. */
export function sampleValue(families: Map<string, Family>, name: string, labels: Record<string, string> = {}): number {
  const f = familyOf(families, name);
  const found = f?.samples.filter((s) => s.name === name && matches(s, labels)) ?? [];
  if (found.length !== 1) throw new Error(`${found.length} samples of ${name} ${JSON.stringify(labels)}`);
  return found[0]?.value ?? Number.NaN;
}

/** The sum of every sample called `name` with these labels (0 when there is none). */
export function sampleSum(families: Map<string, Family>, name: string, labels: Record<string, string> = {}): number {
  const f = familyOf(families, name);
  return (f?.samples ?? []).filter((s) => s.name === name && matches(s, labels)).reduce((n, s) => n + s.value, 0);
}
