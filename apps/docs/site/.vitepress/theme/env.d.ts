// The theme imports its stylesheet for the bundler (VitePress), which TypeScript only needs to accept.
declare module '*.css';
