import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { Expectations, allPass } from '@browser-provider/conformance';

/** One `--provider-command` of `certify`: anyone's provider, spoken to over stdio like ours. */
export interface ProviderCommandTarget {
  /** The matrix row's label (`--name`); also what its report files are named after. */
  name: string;
  /** argv, the executable first; never run through a shell. */
  command: string[];
  /** `--expectations <file.json>`; absent: every scenario is expected to pass. */
  expectationsFile?: string | undefined;
}

/**
 * Splits a command line the way a POSIX shell splits words, without running one: whitespace
 * separates, single quotes keep everything, double quotes keep all but `\"` and `\\`, a backslash
 * outside quotes escapes the next character. No globbing, variables or operators: the command is
 * exec'd as the words say.
 */
export function splitCommandLine(line: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let quote: "'" | '"' | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i] as string;
    if (quote === "'") {
      if (c === "'") quote = undefined;
      else word += c;
    } else if (quote === '"') {
      if (c === '"') quote = undefined;
      else if (c === '\\' && (line[i + 1] === '"' || line[i + 1] === '\\')) word += line[++i];
      else word += c;
    } else if (c === "'" || c === '"') {
      quote = c;
      inWord = true;
    } else if (c === '\\' && i + 1 < line.length) {
      word += line[++i];
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (quote !== undefined) throw new Error(`unterminated ${quote} quote in ${JSON.stringify(line)}`);
  if (inWord) words.push(word);
  return words;
}

/**
 * Pairs each `--provider-command` with the `--name` and `--expectations` given in the same position.
 * A name is required per command (the matrix needs distinct labels); expectations are optional, but
 * when given there must be one per command, in the same order.
 */
export function providerTargets(commands: readonly string[], names: readonly string[], expectations: readonly string[]): ProviderCommandTarget[] {
  if (names.length !== commands.length) throw new Error(`give one --name per --provider-command (${commands.length} command(s), ${names.length} name(s))`);
  if (expectations.length > 0 && expectations.length !== commands.length) {
    throw new Error(`give one --expectations per --provider-command, or none (${commands.length} command(s), ${expectations.length} file(s))`);
  }
  const seen = new Set<string>();
  return commands.map((line, i) => {
    const name = names[i] as string;
    if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(name)) throw new Error(`--name ${JSON.stringify(name)}: use letters, digits, '.', '_' or '-' (it names report files)`);
    if (seen.has(name)) throw new Error(`--name ${name} is given twice`);
    seen.add(name);
    const command = splitCommandLine(line);
    if (command.length === 0) throw new Error(`--provider-command for ${name} is empty`);
    return { name, command, expectationsFile: expectations[i] === undefined ? undefined : resolve(expectations[i]) };
  });
}

/** The target's expectations: its file (checked against the schema), else all-pass over `ids`. */
export async function targetExpectations(target: ProviderCommandTarget, ids: readonly string[]): Promise<Expectations> {
  if (target.expectationsFile === undefined) return allPass(target.name, ids);
  const parsed = Expectations.safeParse(JSON.parse(await readFile(target.expectationsFile, 'utf8')));
  if (!parsed.success) throw new Error(`${target.expectationsFile}: not an expectations file: ${parsed.error.message}`);
  // Held to the tiers being run only, as the browsers are.
  return { browser: target.name, scenarios: parsed.data.scenarios.filter((e) => ids.includes(e.id)) };
}
