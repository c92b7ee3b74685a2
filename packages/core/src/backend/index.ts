/**
 * `@browser-provider/core/backend`: what an engine implements (the Backend interface, its pages and
 * sessions, custom methods, path kinds, the input it is given). A leaf: it imports no other part of
 * core, so an adapter that implements it, and core that calls it, share types and nothing else.
 */
export * from './backend';
export * from './custom-method';
export * from './engine';
export * from './input';
export * from './session';
