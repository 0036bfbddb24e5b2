// The peers' sealing pipeline, node-signpdf's (OpenSign's): pdf-lib stamps each sign image into its
// area (`embedPng` + `drawImage`, the image kept in proportion and centred as the product does), adds
// a signature placeholder with @signpdf/placeholder-pdf-lib, saves without object streams (as its
// README says), and @signpdf/signpdf signs with @signpdf/signer-p12 (forge: PKCS#12, SHA-256, CMS).
// No audit pages, no QR code, no PAdES attributes: it does less than the product. Bench only
// (issue #19); bundled and compared with the product's seal by bench/seal.ts.
import { PDFDocument, type PDFImage } from 'pdf-lib';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { SignPdf } from '@signpdf/signpdf';
import { P12Signer } from '@signpdf/signer-p12';

export interface PeerInput {
  readonly original: Uint8Array;
  readonly stamps: readonly {
    pageIndex: number;
    x: number;
    y: number;
    width: number;
    height: number;
    png: Uint8Array;
  }[];
  readonly signer: { readonly p12: Uint8Array; readonly passphrase: string };
  readonly signedAt: Date;
}

export async function peerSeal(input: PeerInput): Promise<{ pdf: Uint8Array }> {
  const doc = await PDFDocument.load(input.original, { updateMetadata: false });
  const pages = doc.getPages();
  const images = new Map<Uint8Array, PDFImage>();
  for (const stamp of input.stamps) {
    let image = images.get(stamp.png);
    if (!image) {
      image = await doc.embedPng(stamp.png);
      images.set(stamp.png, image);
    }
    const scale = Math.min(stamp.width / image.width, stamp.height / image.height);
    const width = image.width * scale;
    const height = image.height * scale;
    pages[stamp.pageIndex]!.drawImage(image, {
      x: stamp.x + (stamp.width - width) / 2,
      y: stamp.y + (stamp.height - height) / 2,
      width,
      height,
    });
  }
  pdflibAddPlaceholder({
    pdfDoc: doc,
    pdfPage: pages[pages.length - 1],
    reason: 'Sealed after every party signed',
    contactInfo: 'https://signseal.example/verify',
    name: 'SignSeal Bench',
    location: 'SignSeal',
    signingTime: input.signedAt,
  });
  const unsigned = await doc.save({ useObjectStreams: false });
  const signer = new P12Signer(Buffer.from(input.signer.p12), { passphrase: input.signer.passphrase });
  const pdf = await new SignPdf().sign(Buffer.from(unsigned), signer, input.signedAt);
  return { pdf };
}
