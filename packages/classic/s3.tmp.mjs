import WebDriver from 'webdriver';
import http from 'node:http';
import { spawn } from 'node:child_process';
const srv = http.createServer((req,res)=>{
  if (req.url.startsWith('/slowimg')) { setTimeout(()=>{res.writeHead(200,{'content-type':'image/gif'}); res.end(Buffer.from('R0lGODlhAQABAAAAACw=','base64'))}, 1500); return; }
  res.writeHead(200,{'content-type':'text/html'}); res.end(`<title>t${req.url}</title><p>hello</p><img src="/slowimg?${Math.random()}"><div style="height:3000px;background:linear-gradient(red,blue)"></div>`);
}).listen(0,'127.0.0.1');
await new Promise(r=>srv.once('listening',r));
const base = `http://127.0.0.1:${srv.address().port}`;
const x = spawn('Xvfb', [':78','-screen','0','1280x1024x24','-nolisten','tcp'], {detached:true, stdio:'ignore'});
await new Promise(r=>setTimeout(r,800));
const d = spawn('WebKitWebDriver', ['--port=4455'], {detached:true, stdio:['ignore','ignore','ignore'], env:{...process.env, DISPLAY:':78'}});
await new Promise(r=>setTimeout(r,500));
const res = await fetch('http://127.0.0.1:4455/session',{method:'POST',body:JSON.stringify({capabilities:{alwaysMatch:{pageLoadStrategy:'eager','webkitgtk:browserOptions':{binary:'/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser', args:['--automation']}}}})});
const v = (await res.json()).value; console.log(v.capabilities.pageLoadStrategy);
const c = WebDriver.attachToSession({sessionId:v.sessionId, hostname:'127.0.0.1', port:4455, capabilities:v.capabilities, logLevel:'silent'});
let t0=Date.now(); await c.navigateTo(base+'/a'); console.log('eager nav', Date.now()-t0, await c.executeScript('return document.readyState',[]));
t0=Date.now(); await c.executeScript('location.href = arguments[0]; return 1', [base+'/b']); console.log('script nav', Date.now()-t0, await c.executeScript('return [document.readyState, location.href]',[]), Date.now()-t0);
console.log(await c.executeScript('return [innerWidth, innerHeight, document.documentElement.clientWidth, document.documentElement.clientHeight, devicePixelRatio, scrollY]',[]));
const shot = Buffer.from(await c.takeScreenshot(),'base64'); console.log('shot', shot.readUInt32BE(16), shot.readUInt32BE(20), shot[24], shot[25]);
await c.executeScript('scrollTo(0,500)',[]);
const shot2 = Buffer.from(await c.takeScreenshot(),'base64'); console.log('shot2', shot2.readUInt32BE(16), shot2.readUInt32BE(20));
const r = await c.getWindowRect(); console.log('rect', r);
await c.setWindowRect(null,null,1280,900); console.log(await c.getWindowRect(), await c.executeScript('return [innerWidth, innerHeight, document.documentElement.clientWidth, document.documentElement.clientHeight]',[]));
const shot3 = Buffer.from(await c.takeScreenshot(),'base64'); console.log('shot3', shot3.readUInt32BE(16), shot3.readUInt32BE(20));
const fs = await import('node:fs'); fs.writeFileSync('/tmp/spike/shot3.png', shot3);
await fetch(`http://127.0.0.1:4455/session/${v.sessionId}`,{method:'DELETE'});
process.kill(-d.pid,'SIGKILL'); process.kill(-x.pid,'SIGKILL'); srv.close();
