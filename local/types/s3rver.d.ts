declare module 's3rver' {
  interface S3rverOptions {
    address?: string;
    port?: number;
    directory?: string;
    silent?: boolean;
    configureBuckets?: { name: string; configs: (string | Buffer)[] }[];
    allowMismatchedSignatures?: boolean;
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    /** Resolves with the listening socket's address (its real port when 0 was asked). */
    run(): Promise<{ address: string; family: string; port: number }>;
    close(): Promise<void>;
  }
}
