import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { nodeFileName, unzipOne } from './downloads';
import { zipOne } from './files';
import { offersManagedDownloads } from './status';

/** A zip written by Python's zipfile, deflated, streamed (sizes in a data descriptor, as Java's ZipOutputStream writes them). */
function pythonZip(name: string, text: string): Buffer {
  const code = 'import io,sys,zipfile\nb=io.BytesIO()\nclass W(io.RawIOBase):\n  def writable(self): return True\n  def write(self,d): b.write(d); return len(d)\nz=zipfile.ZipFile(W(),"w",zipfile.ZIP_DEFLATED)\nz.writestr(sys.argv[1],sys.argv[2]*50)\nz.close()\nsys.stdout.buffer.write(b.getvalue())';
  return execFileSync('python3', ['-c', code, name, text]);
}

describe('Grid managed downloads', () => {
  it('reads the one entry of a zip: deflated and streamed, or stored', () => {
    const got = unzipOne(pythonZip('report ü.txt', 'line\n'));
    expect(got.name).toBe('report ü.txt');
    expect(got.data.toString()).toBe('line\n'.repeat(50));
    expect(unzipOne(zipOne('a.bin', Buffer.from([0, 1, 2]))).data).toEqual(Buffer.from([0, 1, 2]));
    expect(() => unzipOne(Buffer.from('not a zip'))).toThrow(/not a zip/);
  });

  it('names a node\'s file by the last part of its path, POSIX or Windows', () => {
    expect(nodeFileName('/tmp/uuid/downloads/x.txt')).toBe('x.txt');
    expect(nodeFileName('C:\\Users\\grid\\x.txt')).toBe('x.txt');
  });

  it('asks for managed downloads only where a node that is up offers them for the browser', () => {
    const status = (availability: string, stereotype: Record<string, unknown>) => ({ nodes: [{ availability, slots: [{ stereotype }] }] });
    expect(offersManagedDownloads(status('UP', { browserName: 'chrome', 'se:downloadsEnabled': true }), 'chrome')).toBe(true);
    expect(offersManagedDownloads(status('UP', { browserName: 'chrome' }), 'chrome')).toBe(false);
    expect(offersManagedDownloads(status('UP', { browserName: 'firefox', 'se:downloadsEnabled': true }), 'chrome')).toBe(false);
    expect(offersManagedDownloads(status('DOWN', { browserName: 'chrome', 'se:downloadsEnabled': true }), 'chrome')).toBe(false);
  });
});
