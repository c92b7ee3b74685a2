import type { TestProject } from 'vitest/node';
import { discoverEngines } from './engines';

/**
 * Global setup of the real-browser projects: one discovery per run (one `browser-provider status`),
 * handed to every file, so a file does not spawn its own. An unknown engine name fails the run here.
 */
export default function setup(project: TestProject): void {
  project.provide('browserEngines', discoverEngines());
}
