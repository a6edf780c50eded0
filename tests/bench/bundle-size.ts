// The JavaScript a page of the built console loads up front, as page-weight.ts measures it and run.ts prints it.

export interface BundleSize {
  readonly files: readonly string[];
  readonly rawBytes: number;
  readonly gzipBytes: number;
}
