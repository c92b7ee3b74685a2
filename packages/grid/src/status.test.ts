import { describe, expect, it } from 'vitest';
import { parseGridStatus, sessionsByNode } from './status';

// The shape Selenium Grid 4.48's /status answers with (trimmed to the fields we read).
const slot = (browserName: string, sessionId?: string) => ({ stereotype: { browserName }, session: sessionId ? { sessionId } : null });
const RAW = {
  ready: true,
  message: 'Selenium Grid ready.',
  nodes: [
    { id: 'n1', uri: 'http://10.0.0.5:5555', availability: 'UP', maxSessions: 3, slots: [slot('chrome', 's1'), slot('chrome'), slot('firefox', 's2')] },
    { id: 'n2', uri: 'http://10.0.0.6:5555', availability: 'DOWN', maxSessions: 1, slots: [slot('MiniBrowser')] },
  ],
};

describe('parseGridStatus', () => {
  it('counts slots per browser, per node and over the Grid', () => {
    const s = parseGridStatus('http://grid:4444', RAW);
    expect(s.ready).toBe(true);
    expect(s.sessions_in_use).toBe(2);
    expect(s.slots).toEqual([
      { browser: 'chrome', total: 2, in_use: 1 },
      { browser: 'firefox', total: 1, in_use: 1 },
      { browser: 'MiniBrowser', total: 1, in_use: 0 },
    ]);
    expect(s.nodes.map((n) => [n.uri, n.availability, n.max_sessions])).toEqual([
      ['http://10.0.0.5:5555', 'UP', 3],
      ['http://10.0.0.6:5555', 'DOWN', 1],
    ]);
  });

  it('reads a Grid without nodes (or an odd answer) as not ready and empty', () => {
    expect(parseGridStatus('http://grid:4444', { ready: false, message: 'Selenium Grid not ready.' })).toEqual({ url: 'http://grid:4444', ready: false, message: 'Selenium Grid not ready.', nodes: [], sessions_in_use: 0, slots: [] });
    expect(parseGridStatus('http://grid:4444', null).ready).toBe(false);
  });

  it('says which node holds each session', () => {
    expect([...sessionsByNode(RAW)]).toEqual([
      ['http://10.0.0.5:5555', ['s1', 's2']],
      ['http://10.0.0.6:5555', []],
    ]);
  });
});
