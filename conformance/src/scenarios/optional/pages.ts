import { page } from '../../fixtures/pages';

/**
 * Fixture pages of the optional tier: merge `OPTIONAL_PAGES` into the fixture server's table. Static
 * HTML only (the server answers GET with fixed bodies): the cookie and storage are set by script. The
 * download is served over HTTP as an attachment (`OPTIONAL_DOWNLOADS`) whose name tries to climb out of
 * the download folder; a blob: link is not used because Firefox 153 ESR over BiDi never reports a blob:
 * download's end (download.wait timed out), and an HTTP attachment is what agents meet in practice.
 */
export const OPTIONAL_FIXTURE = {
  main: {
    path: '/optional.html',
    title: 'Optional fixture',
    heading: 'Optional fixture',
    consoleText: 'optional-console-ready',
    apiPath: '/optional-second.html',
    cookie: 'opt_cookie',
    storageKey: 'opt_key',
    storageValue: 'opt_value',
    filesPrefix: 'Files: ',
    dialogPrefix: 'Dialog: ',
    downloadPath: '/optional-download.bin',
    downloadName: '../../escape-me.txt',
    downloadBytes: 'optional download',
    farText: 'Far paragraph',
  },
  second: { path: '/optional-second.html', title: 'Optional second', heading: 'Second page' },
} as const;

const { main, second } = OPTIONAL_FIXTURE;

export const OPTIONAL_PAGES: Readonly<Record<string, string>> = {
  [main.path]: page(
    main.title,
    `<h1>${main.heading}</h1>` +
      `<p><a id="second" href="${second.path}">Second page</a> <a id="popup" href="${second.path}" target="_blank">Open popup</a></p>` +
      `<p><button id="confirm" type="button">Ask to confirm</button> <span id="dialog">${main.dialogPrefix}none</span></p>` +
      `<p><label for="files">Attach</label> <input id="files" type="file" multiple> <span id="chosen">${main.filesPrefix}none</span></p>` +
      `<p><a id="download" href="${main.downloadPath}">Download file</a></p>` +
      `<div style="height:3000px"></div><p id="far">${main.farText}</p>`,
    `document.cookie=${JSON.stringify(`${main.cookie}=1; path=/`)};` +
      `localStorage.setItem(${JSON.stringify(main.storageKey)},${JSON.stringify(main.storageValue)});` +
      `console.log(${JSON.stringify(main.consoleText)});` +
      `fetch(${JSON.stringify(main.apiPath)});` +
      `document.getElementById('confirm').addEventListener('click',function(){` +
      `document.getElementById('dialog').textContent=${JSON.stringify(main.dialogPrefix)}+confirm('Proceed?');});` +
      `var f=document.getElementById('files');f.addEventListener('change',function(){` +
      `document.getElementById('chosen').textContent=${JSON.stringify(main.filesPrefix)}+Array.prototype.map.call(f.files,function(x){return x.name+'('+x.size+')';}).join(',');});`,
  ),
  [second.path]: page(second.title, `<h1>${second.heading}</h1>`),
};

/** Non-HTML answers of the optional tier: served with `Content-Disposition: attachment; filename=…`. */
export const OPTIONAL_DOWNLOADS: Readonly<Record<string, { filename: string; body: string }>> = {
  [main.downloadPath]: { filename: main.downloadName, body: main.downloadBytes },
};
