// A chosen file's bytes as the save form carries them: base64, encoded in slices so a megabyte never builds one huge
// argument list.
const SLICE = 0x8000;

export function base64Of(bytes: Uint8Array): string {
  let binary = '';
  for (let start = 0; start < bytes.length; start += SLICE) binary += String.fromCharCode(...bytes.subarray(start, start + SLICE));
  return btoa(binary);
}
