// The types of bin/bundle.js, for the TypeScript that imports it (tools/build-bundle.ts, the tests).
export declare const BUNDLE_DIR: string;
export declare const BUILT_FROM: string;
export declare function sourcesFingerprint(root: string): string;
export declare function freshBundle(root: string, env?: NodeJS.ProcessEnv): string | null;
