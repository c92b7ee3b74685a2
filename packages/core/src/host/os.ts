import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { arch } from 'node:os';
import type { BrowserSetupGuide, SetupStep } from '@browser-provider/protocol';

/**
 * What a setup guide needs to know about the host: which platform and distribution (so it can name the
 * right package manager), and whether Debian's archive offers a package. Engine-neutral: adapters name
 * the packages and binaries.
 */

export interface HostOs {
  platform: NodeJS.Platform;
  /** os-release `ID` (`debian`, `ubuntu`, …); absent off Linux or without /etc/os-release. */
  id?: string;
  /** os-release `ID_LIKE` plus `ID`: `ubuntu` is Debian-like. */
  like: string[];
  /** e.g. `Debian GNU/Linux 12 (bookworm), x64`. */
  description: string;
}

function osRelease(): Record<string, string> {
  try {
    const out: Record<string, string> = {};
    for (const line of readFileSync('/etc/os-release', 'utf8').split('\n')) {
      const m = /^([A-Z_]+)=(.*)$/.exec(line.trim());
      if (m) out[m[1] as string] = (m[2] as string).replace(/^"(.*)"$/, '$1');
    }
    return out;
  } catch {
    return {};
  }
}

export function hostOs(platform: NodeJS.Platform = process.platform): HostOs {
  const rel = platform === 'linux' ? osRelease() : {};
  const id = rel.ID;
  return {
    platform,
    ...(id !== undefined ? { id } : {}),
    like: [...(id !== undefined ? [id] : []), ...(rel.ID_LIKE ?? '').split(/\s+/).filter(Boolean)],
    description: `${rel.PRETTY_NAME ?? platform}, ${arch()}`,
  };
}

export const debianLike = (os: HostOs): boolean => os.like.includes('debian');

/** The version `apt-get install` would take for `pkg`, or undefined (no apt, or no candidate, as for Ubuntu's snap-only chromium). */
export function aptCandidate(pkg: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile('apt-cache', ['policy', pkg], { timeout: 5_000, env: { ...process.env, LC_ALL: 'C' } }, (err, stdout) => {
      const v = /Candidate:\s*(\S+)/.exec(stdout)?.[1];
      resolve(err || v === undefined || v === '(none)' ? undefined : v);
    });
  });
}

export interface PackageStepInput {
  code: string;
  title: string;
  /** Debian package names that provide what `found` looks for. */
  packages: string[];
  /** Each binary the step installs, with where it was found here (undefined: not found). */
  found: ReadonlyArray<{ name: string; path: string | undefined }>;
  /** Variables that name a binary installed elsewhere. */
  env: string[];
  urls?: string[];
}

/** An "install these packages" step: done when every binary is found; paths are the found ones. */
export function packageStep(os: HostOs, s: PackageStepInput): SetupStep {
  const missing = s.found.filter((f) => f.path === undefined).map((f) => f.name);
  const debian = debianLike(os);
  return {
    code: s.code,
    title: missing.length === 0 ? s.title : `${s.title} (missing here: ${missing.join(', ')})`,
    done: missing.length === 0,
    commands: debian ? ['sudo apt-get update', `sudo apt-get install -y ${s.packages.join(' ')}`] : [`# Debian/Ubuntu: sudo apt-get install -y ${s.packages.join(' ')}; elsewhere the distribution's packages of the same name`],
    paths: s.found.flatMap((f) => (f.path !== undefined ? [f.path] : [])),
    permissions: ['root (sudo) to install system packages'],
    env: s.env,
    ...(s.urls ? { urls: s.urls } : {}),
  };
}

/** A guide's frame: the state follows from the steps (complete when all are done; partial when something was found). */
export function guideOf(os: HostOs, g: { family: string; label: string; steps: SetupStep[]; somethingFound: boolean; troubleshooting: string[] }): BrowserSetupGuide {
  return {
    browser_family: g.family,
    browser_label: g.label,
    platform: os.platform,
    host: os.description,
    setup_state: g.steps.every((s) => s.done) ? 'complete' : g.somethingFound ? 'partial' : 'required',
    steps: g.steps,
    troubleshooting: g.troubleshooting,
  };
}
