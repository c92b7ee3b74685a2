import { check, type Scenario } from '../context';
import { openOptional } from './helpers';
import { OPTIONAL_FIXTURE } from './pages';

const { main } = OPTIONAL_FIXTURE;

export const uploadScenario: Scenario = {
  id: 'o10-upload-set-files',
  tier: 'optional',
  method: 'upload.set_files',
  title: 'upload.set_files takes inline bytes and refuses paths outside the allowed roots',
  needsBrowser: true,
  async run(ctx) {
    const page = await openOptional(ctx, 'upload', 'upload.set_files');
    const refused = await ctx.fails('upload.set_files', { ...page, selector: '#files', files: [{ path: '/etc/passwd' }] });
    check(
      refused.error.code === 'permission_denied' && refused.error.details.code === 'path_not_allowed',
      `a path outside the upload roots answered ${refused.error.code}/${String(refused.error.details.code)}`,
    );
    const data_base64 = Buffer.from('hello upload').toString('base64');
    const r = await ctx.ok('upload.set_files', { ...page, selector: '#files', files: [{ name: 'hello.txt', data_base64 }] });
    check(r.files === 1, `files is ${r.files}`);
    const shown = `${main.filesPrefix}hello.txt(12)`;
    const waited = await ctx.ok('page.wait', { ...page, text_present: shown, timeout_ms: 5_000 });
    check(waited.satisfied, `the page did not see the file ("${shown}")`);
  },
};

async function download(ctx: Parameters<Scenario['run']>[0], name: string, method: string) {
  const page = await openOptional(ctx, name, method);
  await ctx.ok('page.click', { ...page, selector: '#download' });
  const done = await ctx.ok('download.wait', { session_id: page.session_id, timeout_ms: 20_000 });
  check(done.state === 'completed', `the download ended ${done.state}`);
  check(!done.suggested_filename.includes('/') && !done.suggested_filename.includes('\\'), `suggested_filename "${done.suggested_filename}" has a separator`);
  check(done.size === main.downloadBytes.length, `size is ${done.size}, expected ${main.downloadBytes.length}`);
  check(done.path === undefined || !done.path.split(/[\\/]/).includes('..'), `path "${done.path}" climbs with ..`);
  return { page, done };
}

export const downloadWaitScenario: Scenario = {
  id: 'o11-download-wait',
  tier: 'optional',
  method: 'download.wait',
  title: 'download.wait reports a finished download under a sanitized name',
  needsBrowser: true,
  async run(ctx) {
    await download(ctx, 'download-wait', 'download.wait');
  },
};

export const downloadListScenario: Scenario = {
  id: 'o12-download-list',
  tier: 'optional',
  method: 'download.list',
  title: "download.list lists the session's downloads",
  needsBrowser: true,
  async run(ctx) {
    const { page, done } = await download(ctx, 'download-list', 'download.list');
    const list = await ctx.ok('download.list', { session_id: page.session_id });
    check(list.downloads.some((d) => d.download_id === done.download_id && d.state === 'completed'), 'the finished download is not listed');
  },
};
