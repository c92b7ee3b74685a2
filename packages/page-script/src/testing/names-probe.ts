/**
 * Test-only page entry: exposes the fast accessible-name paths next to the reference library so a
 * browser test can prove they agree element by element. Not part of the shipped bundle.
 */
import { fastName, LabelIndex, libraryName } from '../page/names';
import { roleOf } from '../page/roles';

export interface NameComparison {
  html: string;
  role: string;
  fast: string | null;
  library: string;
}

(globalThis as Record<string, unknown>).__bpCompareNames = (selector: string): NameComparison[] => {
  const labels = new LabelIndex();
  const style = (el: Element) => getComputedStyle(el);
  return Array.from(document.querySelectorAll(selector)).map((el) => {
    const role = roleOf(el);
    return {
      html: el.outerHTML.slice(0, 120),
      role,
      fast: fastName(el, role, style, labels) ?? null,
      library: libraryName(el, style),
    };
  });
};
