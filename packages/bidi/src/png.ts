/** A screenshot's size from its PNG or JPEG header: protocol's one reader (shared with classic and conformance). */
export { jpegSize, pngSize } from '@browser-provider/protocol';
