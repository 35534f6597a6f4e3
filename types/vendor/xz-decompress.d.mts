// The xz decoder the build ships in assets/js/vendor/ (npm xz-decompress, made a module by
// build_scripts/vendor.py): what the page's scripts use of it.
export class XzReadableStream extends ReadableStream<Uint8Array> {
  constructor(compressed: ReadableStream<Uint8Array>);
}
