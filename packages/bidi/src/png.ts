/** A screenshot's size from its PNG header: protocol's one reader (shared with classic and conformance). */
export { pngSize } from '@browser-provider/protocol';
