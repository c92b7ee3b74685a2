export * from './contract';
export { PAGE_SCRIPT_GLOBAL, PAGE_SCRIPT_VERSION, OP_CALLER, ELEMENT_BY_ID, pageScriptBuildOptions, flowRecorderBuildOptions, pageScriptSource, parseOpReply, installSource, type InstallOptions } from './host';
export { decodeFrameSnapshot, isStillScrolling } from './decode';
export { thrownText } from './thrown';
export { encodeFrame, type CompactFrame, type FrameWire } from './wire';
