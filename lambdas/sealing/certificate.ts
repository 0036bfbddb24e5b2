// certificatePdf: the blockchain certificate e-mailed after anchoring, a standalone A4 PDF in the
// recipient's language with the final hash, the token, the chain record and a QR code to verify.
import { PDFDocument } from 'pdf-lib';
import { localeForPath, translate } from '../../shared/i18n/server';
import { auditLabels, brandBanner, headerBlock, keyValueRows, SHADE, stringsOf, verifyBlock } from './audit';
import { FontSet } from './fonts';
import { Flow } from './layout';
import { sealingKeyOf } from './cms';
import { signLongTerm } from './pades';
import { addSignaturePlaceholder, signPdf } from './signer';
import { GREY, Typesetter } from './typeset';
import type { CertificateInput } from './types';

export async function certificatePdf(input: CertificateInput): Promise<Uint8Array> {
  const locale = localeForPath(input.language);
  const t = (key: string, values: Record<string, string | number> = {}) =>
    translate(`audit.${key}`, values, locale);
  const l = auditLabels(locale);
  const signedAt = input.signedAt ?? new Date(0);

  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(`${t('certificate.heading')} — ${input.title}`, { showInWindowTitleBar: false });
  doc.setProducer('SignSeal');
  if (input.signedAt) {
    doc.setCreationDate(input.signedAt);
    doc.setModificationDate(input.signedAt);
  }

  const chain = t('certificate.chainValue', { name: input.chainName, id: input.chainId });
  const rows: [string, string][] = [
    [l.title, input.title],
    [l.shortNumber, input.shortNumber],
    [l.completedAt, input.completedAt],
    [t('certificate.finalSha256'), input.finalSha256],
    // A video contract has no original file (issue #16): no row rather than an empty one.
    ...(input.originalSha256 ? [[l.originalSha256, input.originalSha256] as [string, string]] : []),
    [t('certificate.tokenId'), input.tokenId],
    [t('certificate.contractAddress'), input.contractAddress],
    [t('certificate.chain'), chain],
    [t('certificate.transactionHash'), input.transactionHash],
    [t('certificate.anchoredAt'), input.anchoredAt],
  ];
  const partyRows = input.parties.map((party) => [
    party.name,
    party.maskedContact,
    party.signedAt ?? l.notRecorded,
  ]);
  const videoBlocks = (input.videos ?? []).map((video) => ({
    heading: t('certificate.videoOf', { name: video.recipient }),
    rows: [
      [t('certificate.videoSha256'), video.sha256],
      [t('certificate.tokenId'), video.tokenId],
      [t('certificate.transactionHash'), video.transactionHash],
    ] as [string, string][],
  }));
  const footer = (page: number, total: number) =>
    t('certificate.pageFooter', { shortNumber: input.shortNumber, page, total });

  const fonts = new FontSet(doc);
  await fonts.prepare([
    ...stringsOf(rows),
    ...stringsOf(partyRows),
    ...stringsOf(videoBlocks),
    t('certificate.videos'),
    t('certificate.heading'),
    t('certificate.intro'),
    l.verify,
    l.verifyNote,
    l.parties,
    l.party.name,
    l.party.contact,
    l.party.signedAt,
    footer(1, 1),
  ]);
  const flow = new Flow(doc, new Typesetter(fonts));
  if (input.brand) await brandBanner(doc, flow, input.brand);
  headerBlock(flow, t('certificate.heading'), t('certificate.intro'), rows);
  verifyBlock(flow, l.verify, l.verifyNote, input.verifyUrl);

  flow.gap(14);
  flow.text(l.parties, 13);
  flow.gap(4);
  const widths = [190, 150, flow.width - 340];
  flow.row(
    [l.party.name, l.party.contact, l.party.signedAt].map((text, i) => ({
      text,
      width: widths[i]!,
      color: GREY,
    })),
    7.5,
  );
  for (const party of partyRows) {
    flow.row(
      party.map((text, i) => ({ text, width: widths[i]! })),
      8.5,
    );
  }
  if (videoBlocks.length > 0) {
    flow.gap(14);
    flow.ensure(100);
    flow.text(t('certificate.videos'), 13);
    flow.gap(4);
    for (const block of videoBlocks) {
      flow.ensure(70);
      flow.row([{ text: block.heading, width: flow.width }], 9, { shade: SHADE });
      keyValueRows(flow, block.rows, 8);
      flow.gap(6);
    }
  }
  flow.footers(footer);
  flow.finish();

  if (!input.signer) return doc.save();
  addSignaturePlaceholder(
    doc,
    flow.pages[flow.pages.length - 1]!,
    input.signer,
    signedAt,
    `Blockchain certificate of No. ${input.shortNumber}`,
    input.verifyUrl,
    input.trust !== undefined,
  );
  const unsigned = await doc.save({ updateFieldAppearances: false });
  // Issue #30: with trust services the certificate is PAdES B-LTA, as the sealed PDF is.
  if (input.trust) return (await signLongTerm(unsigned, doc, sealingKeyOf(input.signer), input.trust)).pdf;
  return await signPdf(unsigned, input.signer);
}
