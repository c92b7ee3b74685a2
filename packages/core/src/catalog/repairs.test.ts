import type { WireRepair } from '@browser-provider/protocol';
import { METHODS, OPTIONAL_METHODS, isMethodName, isOwnMethodName } from '@browser-provider/protocol';
import type { NotActionableCode } from '@browser-provider/page-script';
import { describe, expect, it } from 'vitest';
import { CORE_CAUSES } from './causes';
import { describe as describeProvider } from '../dispatch/describe';
import { Dispatcher } from '../dispatch/dispatcher';
import { notActionable } from '../ops/actionability';
import type { PageHandle } from '../state/page';
import { Provider } from '../provider';
import { noPage, pageNotFound, revMismatch, sessionNotFound, staleRef, unknownRef } from './repair';
import type { Session } from '../state/session';
import { StubBackend } from '../testing/stub-backend';
import { W3C_ERROR_TABLE } from '../toolkit/w3c/errors';

/** The methods a provider's describe offers: core, optional and namespaced (ours and the engine's). */
function offeredBy(provider: Provider): Set<string> {
  const c = describeProvider(provider, new Dispatcher(provider).methods).capabilities;
  return new Set([...c.core_methods, ...c.optional_methods, ...c.custom_methods.map((m) => m.name)]);
}

/** A stub engine offering every optional method core implements, as the engines do between them. */
const stubProvider = () => {
  const backend = new StubBackend();
  backend.optionalList = [...OPTIONAL_METHODS];
  return new Provider({ backend, log: () => {}, allowEval: true });
};

const session = { id: 'sess' } as Session;
const page = { id: 'page' } as PageHandle;
const ACTION_CODES = ['obscured', 'disabled', 'not_visible', 'unstable', 'file_input', 'not_editable', 'not_select', 'no_option'] as const satisfies readonly NotActionableCode[];

/** Every repair core and the shared W3C table can answer, with where it comes from. */
function everyRepair(): Array<[string, string]> {
  const found: Array<[string, string]> = [];
  for (const c of CORE_CAUSES) if (c.repair !== undefined && !c.repair.startsWith('(')) found.push([`causes ${c.code}/${c.detail}`, c.repair]);
  for (const r of W3C_ERROR_TABLE) if (r.repair) found.push([`w3c ${r.error}`, r.repair.method]);
  const built: Array<[string, WireRepair | undefined]> = [
    ['sessionNotFound', sessionNotFound('s').details.repair],
    ['pageNotFound', pageNotFound('s', 'p').details.repair],
    ['noPage', noPage('s').details.repair],
    ['staleRef', staleRef('s', 'p', 'e1', 'gone').details.repair],
    ['unknownRef', unknownRef('s', 'p', 'e1').details.repair],
    ['revMismatch', revMismatch('s', 'p', 1, 2).details.repair],
    ...ACTION_CODES.map((code): [string, WireRepair | undefined] => [`actionability ${code}`, notActionable(session, page, { ref: 'e1' } as never, { ok: false, code, message: 'm' } as never).details.repair]),
  ];
  for (const [where, repair] of built) {
    expect(repair, `${where} has a repair`).toBeDefined();
    if (repair) found.push([where, repair.method]);
  }
  return found;
}

describe('every repair', () => {
  it('names a method of the method table', () => {
    const repairs = everyRepair();
    expect(repairs.length).toBeGreaterThan(40);
    expect(repairs.filter(([, m]) => !isMethodName(m) && !isOwnMethodName(m))).toEqual([]);
  });

  it('names a method the stub provider offers in provider.describe', () => {
    const offered = offeredBy(stubProvider());
    expect(everyRepair().filter(([, m]) => !offered.has(m))).toEqual([]);
  });

  it('names an engine-dependent optional method only where the engines that raise it offer it', () => {
    const named = new Set(everyRepair().flatMap(([, m]) => (isMethodName(m) && METHODS[m].tier === 'optional' && !METHODS[m].traits.engineIndependent ? [m] : [])));
    // page.scroll (a hidden target) and upload.set_files (typing into a file input) are offered by
    // every engine; download.list answers download.wait only, network.list network.request only (both
    // offered together). A new one here is a decision to make.
    expect([...named].sort()).toEqual(['download.list', 'network.list', 'page.scroll', 'upload.set_files']);
  });
});
