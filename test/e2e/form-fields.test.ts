// Forms integration (issue #27 item 4) in Chromium: a PDF with its own form fields, uploaded as an
// owner would, offers "Assign the form's N fields" on Set Position; one press gives them to the
// contractor at the form's places, named after the form's fields, and Next saves them. A flat PDF
// offers nothing. Checked with axe and at 380 px.
import { randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import { seriousAxeViolations } from '../support/axe';
import { ACROFORM_FIELDS, buildAcroFormPdf } from '../support/acroform';
import { api } from '../support/cloud-client';
import { createDocument, newOwner, uploadPdf, type Owner } from '../support/documents';
import { launchBrowser, type BrowserSession } from '../support/browser';
import { text } from './catalogue';
import { expectPath, expectVisibleText, signInAt } from './steps';

jest.setTimeout(240000);

const t = (key: string, options?: Record<string, unknown>) => text('en', key, options);

async function withContractor(owner: Owner, pdf?: Uint8Array): Promise<string> {
  const docuId = await createDocument(owner);
  expect((await uploadPdf(owner, docuId, pdf, 'lease-form.pdf')).status).toBe(200);
  const saved = await api(`/api/documents/${docuId}/recipients`, {
    method: 'PUT',
    token: owner.token,
    body: {
      recipients: [{ name: 'Tess Tenant', contact: `tess-${randomUUID()}@example.com` }],
      finalRecipients: [],
      lang: 'en',
    },
  });
  expect(saved.status).toBe(200);
  return docuId;
}

describe('a PDF form on Set Position', () => {
  let session: BrowserSession;
  afterEach(async () => {
    await session.close();
  });

  it('assigns the form’s fields in one step, at 380 px, and saves them', async () => {
    session = await launchBrowser({ locale: 'en-US', viewport: { width: 380, height: 800 } });
    await session.run(async () => {
      const owner = await newOwner();
      const docuId = await withContractor(owner, await buildAcroFormPdf());
      const page = await signInAt(session, owner, `/en/home/make/esign/setpos/${docuId}`);
      const count = ACROFORM_FIELDS.length;
      // A first-time owner gets the sign-click tutorial first (issue #17): OK closes it.
      const tutorial = page.getByTestId('sign-click-tutorial');
      await tutorial.getByRole('button', { name: t('funnel.tutorial.ok'), exact: true }).click();
      await tutorial.waitFor({ state: 'detached' });
      await expectVisibleText(page, t('formFields.found', { count }));
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(380);
      await page.getByRole('button', { name: t('formFields.assign', { count }), exact: true }).click();
      await expectVisibleText(page, t('formFields.assigned', { count }));
      expect(await page.getByTestId('form-fields-offer').count()).toBe(0);
      await page.getByRole('button', { name: t('funnel.next'), exact: true }).click();
      await expectPath(page, `/en/home/make/esign/agree/${docuId}`);

      const doc = await api(`/api/documents/${docuId}`, { token: owner.token });
      const areas = doc.body.recipients[0].areas as { label?: string; type: string; options?: string[] }[];
      expect(areas.map((a) => a.label)).toEqual([...ACROFORM_FIELDS]);
      expect(areas.map((a) => a.type)).toEqual([
        'text',
        'text',
        'checkbox',
        'radio',
        'dropdown',
        'dropdown',
        'text',
      ]);
      expect(areas[3]!.options).toEqual(['12 months', '24 months', '36 months']);
    });
  });

  it('offers nothing for a flat PDF', async () => {
    session = await launchBrowser({ locale: 'en-US' });
    await session.run(async () => {
      const owner = await newOwner();
      const docuId = await withContractor(owner);
      const page = await signInAt(session, owner, `/en/home/make/esign/setpos/${docuId}`);
      await page.getByTestId('position-prompt').waitFor({ state: 'visible', timeout: 20000 });
      expect(await page.getByTestId('form-fields-offer').count()).toBe(0);
    });
  });
});
