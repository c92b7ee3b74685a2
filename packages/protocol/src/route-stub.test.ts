import { describe, expect, it } from 'vitest';
import { headerValueProblem, isDataContentType, isFramingHeader, isHeaderName } from './route-stub';

describe('route stubs: which content types are data a page cannot run', () => {
  it.each([
    ['application/json', true],
    ['application/json; charset=utf-8', true],
    ['Application/JSON', true],
    ['application/problem+json', true],
    ['application/x-ndjson', true],
    ['application/octet-stream', true],
    ['text/plain', true],
    ['text/plain;charset=utf-8', true],
    ['text/csv', true],
    ['text/css', true],
    ['text/event-stream', true],
    ['image/png', true],
    ['image/webp', true],
    ['font/woff2', true],
    ['audio/mpeg', true],
    ['video/mp4', true],
    // A document or a script, or something a browser renders as one.
    ['text/html', false],
    ['text/html; charset=utf-8', false],
    ['application/xhtml+xml', false],
    ['text/javascript', false],
    ['application/javascript', false],
    ['text/ecmascript', false],
    ['module', false],
    ['image/svg+xml', false],
    ['image/svg+xml; charset=utf-8', false],
    ['text/xml', false],
    ['application/xml', false],
    ['text/xsl', false],
    ['application/pdf', false],
    ['application/wasm', false],
    ['multipart/x-mixed-replace; boundary=x', false],
    ['text/vtt', false],
    // Not one plain type: browsers differ on which part they take.
    ['application/json, text/html', false],
    ['text/plain,text/html', false],
    ['json', false],
    ['', false],
    ['text /plain', false],
  ])('%j → %s', (type, data) => {
    expect(isDataContentType(type)).toBe(data);
  });
});

describe('route headers: what the engines send', () => {
  it.each([
    ['X-Test', true],
    ['content-type', true],
    ["x!#$%&'*+-.^_`|~1", true],
    ['X Test', false],
    ['X:Test', false],
    ['X-Test\r\nEvil', false],
    ['Ünicode', false],
    ['', false],
  ])('name %j → %s', (name, ok) => {
    expect(isHeaderName(name)).toBe(ok);
  });

  it.each([
    ['Content-Length', true],
    ['transfer-encoding', true],
    ['Keep-Alive', true],
    ['Upgrade', true],
    ['TE', true],
    ['Trailer', true],
    ['Connection', false],
    ['Host', false],
    ['Content-Type', false],
  ])('framing %j → %s', (name, framing) => {
    expect(isFramingHeader(name)).toBe(framing);
  });

  it.each([
    ['plain', undefined],
    ['a\tb inside', undefined],
    ['é ☃', undefined],
    ['', undefined],
    ['a\r\nSet-Cookie: x=1', 'a header value may not contain CR, LF or NUL'],
    ['a\nb', 'a header value may not contain CR, LF or NUL'],
    ['a\rb', 'a header value may not contain CR, LF or NUL'],
    ['a\0b', 'a header value may not contain CR, LF or NUL'],
    [' padded', 'a header value may not start or end with a space or tab'],
    ['padded\t', 'a header value may not start or end with a space or tab'],
  ])('value %j → %s', (value, problem) => {
    expect(headerValueProblem(value)).toBe(problem);
  });
});
