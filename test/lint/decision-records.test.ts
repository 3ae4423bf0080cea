/**
 * The decision records say whether they still hold (issue 40): every record in docs/decisions/
 * opens with `# NNNN. Title`, `Date: YYYY-MM-DD` and `Status: accepted | changed by NNNN |
 * replaced by NNNN`, and has a `## Decision`; a record another one changed or replaced is named
 * back by that one's `Changes:` line; the index (docs/decisions/README.md) lists every record,
 * and only records that exist, each with the status the record itself states.
 */
import t from 'tap';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = join(import.meta.dirname, '..', '..', 'docs', 'decisions');
const files = readdirSync(dir).filter((f) => f.endsWith('.md') && f !== 'README.md');

const NUMBER = String.raw`(?:\d{4}|D\d)`;
const LIST = String.raw`${NUMBER}(?:, ${NUMBER})*`;
const TITLE = new RegExp(String.raw`^# (${NUMBER})\. \S`);
const DATE = /^Date: (\d{4}-\d{2}-\d{2})$/;
const STATUS = new RegExp(String.raw`^Status: (accepted|(?:changed|replaced) by (${LIST}))(?: \(.+\))?$`);
const CHANGES = new RegExp(String.raw`^Changes: (${LIST})$`);

interface DecisionRecord {
  file: string;
  number: string;
  /** `accepted`, `changed by …` or `replaced by …`, without the note. */
  status: string;
  /** The records this one's status says changed or replaced it. */
  changedBy: string[];
  /** The records this one's `Changes:` line names. */
  changes: string[];
  problems: string[];
}

function read(file: string): DecisionRecord {
  const lines = readFileSync(join(dir, file), 'utf8').split('\n');
  const problems: string[] = [];
  const title = TITLE.exec(lines[0] ?? '');
  if (!title) problems.push('the first line is not "# NNNN. Title"');
  const number = title?.[1] ?? file;
  if (!file.startsWith(`${number}-`)) problems.push(`the file name does not start with its number ${number}`);
  if (lines[1] !== '') problems.push('no blank line after the title');
  const date = DATE.exec(lines[2] ?? '');
  if (!date) problems.push('line 3 is not "Date: YYYY-MM-DD"');
  else if (Number.isNaN(Date.parse(date[1] ?? ''))) problems.push(`"${date[1]}" is not a date`);
  const status = STATUS.exec(lines[3] ?? '');
  if (!status) problems.push('line 4 is not "Status: accepted | changed by NNNN | replaced by NNNN"');
  const changes = CHANGES.exec(lines[4] ?? '');
  const text = lines.join('\n');
  if (!/^## Decision$/m.test(text)) problems.push('no "## Decision" section');
  const bold = /^\*\*(Context|Decision|Consequences)\.\*\*/m.exec(text);
  if (bold) problems.push(`"**${bold[1]}.**" instead of "## ${bold[1]}"`);
  return {
    file,
    number,
    status: status?.[1] ?? '',
    changedBy: status?.[2]?.split(', ') ?? [],
    changes: changes?.[1]?.split(', ') ?? [],
    problems,
  };
}

const records = files.map(read);
const byNumber = new Map(records.map((r) => [r.number, r]));

t.test('every record has its title, date, status and one format', async (t) => {
  t.same(records.filter((r) => r.problems.length > 0).map((r) => `${r.file}: ${r.problems.join('; ')}`), []);
  t.ok(records.length > 80, `${records.length} records read`);
});

t.test('numbers are unique', async (t) => {
  t.equal(byNumber.size, records.length);
});

t.test('a record changed or replaced by another is named back by that one', async (t) => {
  const unanswered: string[] = [];
  for (const r of records) {
    for (const other of r.changedBy) {
      const by = byNumber.get(other);
      if (!by) unanswered.push(`${r.number} says ${r.status}, but ${other} does not exist`);
      else if (!by.changes.includes(r.number)) unanswered.push(`${r.number} says ${r.status}, but ${other}'s "Changes:" line does not name ${r.number}`);
    }
    for (const other of r.changes) {
      const changed = byNumber.get(other);
      if (!changed) unanswered.push(`${r.number} changes ${other}, which does not exist`);
      else if (!changed.changedBy.includes(r.number)) unanswered.push(`${r.number} changes ${other}, but ${other}'s status does not say so`);
    }
  }
  t.same(unanswered, []);
});

t.test('the index lists every record, with its status, and nothing else', async (t) => {
  const index = readFileSync(join(dir, 'README.md'), 'utf8');
  const listed = new Map<string, string>();
  const wrong: string[] = [];
  const entry = /^- (\S+) \[[^\]]+\]\(([^)]+\.md)\) — \*([^*]+)\*: /gm;
  for (const m of index.matchAll(entry)) {
    const [, number = '', file = '', status = ''] = m;
    if (listed.has(file)) wrong.push(`${file} is listed twice`);
    if (!file.startsWith(`${number}-`)) wrong.push(`${number}'s entry links ${file}`);
    listed.set(file, status);
  }
  t.same(wrong, [], 'each record is listed once, under its own number');
  const links = [...index.matchAll(/\]\(((?:\d{4}|D\d)-[^)]+\.md)\)/g)].map((m) => m[1] ?? '');
  t.same(links.filter((f) => !listed.has(f)), [], 'every link to a record is an entry with a status');
  t.same(records.filter((r) => !listed.has(r.file)).map((r) => r.file), [], 'every record is in the index');
  t.same([...listed.keys()].filter((f) => !files.includes(f)), [], 'the index names only records that exist');
  t.same(
    records.filter((r) => listed.has(r.file) && listed.get(r.file) !== r.status).map((r) => `${r.file}: index says "${listed.get(r.file)}", the record "${r.status}"`),
    [],
    'the index gives each record the status the record states',
  );
});
