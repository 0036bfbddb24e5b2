/// <reference types="vite/client" />

/** A catalogue cut down to a part (shared/i18n/parts.ts), made by web/vite.config.ts at build time. */
declare module 'virtual:catalogue-part/*' {
  const part: Record<string, unknown>;
  export default part;
}
