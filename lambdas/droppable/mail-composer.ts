// nodemailer's MIME composer behind a module boundary that esbuild may drop: nodemailer's modules run
// code at import time, so without this a bundle keeps ~11 KB of it wherever the mail adapter's module
// is imported, even in handlers that never send mail. See lambdas/droppable/pdf-lib.ts.
export { default as MailComposer } from 'nodemailer/lib/mail-composer/index.js';
