import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { testDeps } from '../auth/test-db.ts';
import { rows } from '../db/query.ts';
import { startOutboxSender } from '../outbox/outbox.sender.ts';
import { blobStoreOf } from '../storage/blob-store.ts';
import { listSinkMessages, withDevTools } from '../../tests/helpers/dev-tools.ts';
import { runOps } from '../../scripts/ops.ts';
import { formsEn } from '../../core/i18n/forms-en.ts';
import { formsId } from '../../core/i18n/forms-id.ts';
import { DRAFT_COOKIE, MB } from '../../core/contracts/forms.ts';
import { FORM_POSTS_BY_EMAIL, FORM_POSTS_BY_IP, submitForm } from './forms.service.ts';
import { jakartaClock } from '../../core/jakarta-clock.ts';
import { encodedForm } from '../http/encoded-form.test-helpers.ts';

// Issue 15: the contact form and the partnership proposal through the API, as a browser posts them
// with JavaScript (Accept: application/json) and without (303 redirects, drafts kept server-side).

const t = await testDeps();
const { deps } = t;
const dev = await withDevTools(deps);
const app = dev.app;
afterEach(() => vi.restoreAllMocks());
afterAll(async () => {
  await dev.close();
  await deps.database.close();
});
const db = () => deps.database.db;
const errorsIn = { en: formsEn.forms.errors, id: formsId.forms.errors };

let addressCounter = 0;
/** A client address of its own per request group (the per-address limit is tested on its own). */
const freshAddress = () => `203.0.113.${++addressCounter}`;

/** The draft cookie the API last set, sent back as the one browser of these tests sends it. */
let draftKey: string | undefined;
const draftCookie = (): Record<string, string> => (draftKey ? { cookie: `${DRAFT_COOKIE}=${draftKey}` } : {});

async function session(
  form: 'contact' | 'partnership',
  draft?: string,
  headers: Record<string, string> = draftCookie(),
) {
  const res = await app.request(`/api/forms/${form}/session${draft ? `?draft=${encodeURIComponent(draft)}` : ''}`, {
    headers,
  });
  expect(res.status).toBe(200);
  return (await res.json()).data as {
    token: string;
    draft: null | {
      values: Record<string, string>;
      errors: Record<string, string>;
      filesDropped: boolean;
      retryAt?: string | null;
    };
  };
}

/** A token rendered now; the clock then moves past the minimum fill time. */
async function freshToken(form: 'contact' | 'partnership') {
  const { token } = await session(form);
  t.advance(5_000);
  return token;
}

type Files = Partial<Record<'photos' | 'video' | 'document', { name: string; bytes: Uint8Array; type?: string }[]>>;

async function post(
  form: 'contact' | 'partnership',
  fields: Record<string, string>,
  opts: { json?: boolean; lang?: 'en' | 'id'; files?: Files; ip?: string; multipart?: boolean } = {},
) {
  const headers: Record<string, string> = { 'accept-language': opts.lang ?? 'en', ...draftCookie() };
  if (opts.json) headers.accept = 'application/json';
  let body: BodyInit;
  if (opts.files || opts.multipart) {
    const fd = new FormData();
    for (const [k, val] of Object.entries(fields)) fd.append(k, val);
    for (const [field, list] of Object.entries(opts.files ?? {}))
      for (const f of list)
        fd.append(
          field,
          new File([f.bytes as Uint8Array<ArrayBuffer>], f.name, { type: f.type ?? 'application/octet-stream' }),
        );
    const encoded = await encodedForm(fd);
    body = encoded.body;
    headers['content-type'] = encoded.contentType;
  } else {
    body = new URLSearchParams(fields).toString();
    headers['content-type'] = 'application/x-www-form-urlencoded';
  }
  const res = await app.request(
    `/api/forms/${form}${opts.lang ? `?lang=${opts.lang}` : ''}`,
    { method: 'POST', headers, body },
    { incoming: { socket: { remoteAddress: opts.ip ?? freshAddress() }, headers: {} } },
  );
  const set = new RegExp(`${DRAFT_COOKIE}=([\\w-]+)`).exec(res.headers.get('set-cookie') ?? '');
  if (set) draftKey = set[1];
  const text = await res.text();
  return {
    status: res.status,
    location: res.headers.get('location'),
    setCookie: res.headers.get('set-cookie'),
    data: text ? JSON.parse(text) : null,
  };
}

const contact = (over: Record<string, string> = {}) => ({
  name: 'Rina Putri',
  email: 'rina@example.com',
  phone: '+62 812-3456-7890',
  subject: 'Group booking',
  message: 'We are 12 people visiting Bandung in May.',
  website: '',
  ...over,
});

const proposal = (over: Record<string, string> = {}) => ({
  interest: 'lease',
  product: 'pod',
  fullName: 'Budi Santoso',
  email: 'budi@example.com',
  phone: '0812 3456 7890',
  source: 'others',
  sourceOther: 'A trade fair',
  address: 'Jl. Asia Afrika 8, Bandung',
  mapsLink: 'https://maps.app.goo.gl/abc123',
  area: '900',
  surrounding: 'commercial',
  notes: 'Four storeys with a lift.',
  website: '',
  ...over,
});

const jpeg = (w = 40, h = 30) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#3366aa' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneCam' } })
    .toBuffer();
/** An MP4 as cameras write it: an ftyp box, then media. */
const mp4 = (size = 4096) => {
  const bytes = new Uint8Array(size);
  bytes.set([0, 0, 0, 0x18, ...new TextEncoder().encode('ftypmp42'), 0, 0, 0, 0]);
  return bytes;
};
const pdf = () => new TextEncoder().encode('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const exe = () => {
  const bytes = new Uint8Array(4096);
  bytes.set([0x4d, 0x5a, 0x90, 0x00]); // "MZ": a Windows executable
  return bytes;
};

const count = async (table: 'form_submissions' | 'form_submission_files' | 'outbox_messages') =>
  Number((await rows<{ n: number }>(db(), sql`select count(*)::int as n from ${sql.raw(table)}`))[0]!.n);
const submissions = () =>
  rows<{
    id: number;
    form: string;
    lang: string;
    name: string;
    email: string;
    phone: string;
    fields: Record<string, unknown>;
  }>(db(), sql`select id, form, lang, name, email, phone, fields from form_submissions order by id`);
const outbox = (to: string) =>
  rows<{ to: string; subject: string; text: string; lang: string; status: string }>(
    db(),
    sql`select "to", subject, text, lang, status from outbox_messages where "to" = ${to} order by id`,
  );

describe('the contact form', () => {
  it('applies the rules of spec section 5 in the request language (JavaScript: 422 with every field)', async () => {
    for (const lang of ['en', 'id'] as const) {
      const token = await freshToken('contact');
      const res = await post(
        'contact',
        { ...contact({ name: ' ', email: 'rina+promo@example.com', phone: '12-34', subject: '', message: '' }), token },
        { json: true, lang },
      );
      expect(res.status).toBe(422);
      expect(res.data.details.fields).toEqual([
        { field: 'name', code: 'name_required' },
        { field: 'email', code: 'email_plus' },
        { field: 'phone', code: 'phone_short' },
        { field: 'subject', code: 'subject_required' },
        { field: 'message', code: 'message_required' },
      ]);
      expect(res.data.message).toBe(errorsIn[lang].name_required);
      const bad = await post('contact', { ...contact({ email: 'not-an-address' }), token }, { json: true, lang });
      expect(bad.data.details.fields).toEqual([{ field: 'email', code: 'email_invalid' }]);
      expect(bad.data.message).toBe(errorsIn[lang].email_invalid);
    }
    expect(await count('form_submissions')).toBe(0);
  });

  it('without JavaScript: back to the form with a signed draft holding the typed values and the errors', async () => {
    const token = await freshToken('contact');
    const res = await post(
      'contact',
      { ...contact({ email: 'rina+x@example.com' }), token, lang: 'id' },
      { lang: 'id' },
    );
    expect(res.status).toBe(303);
    const url = new URL(res.location!, 'http://x');
    expect(url.pathname).toBe('/id/contact/');
    expect(url.hash).toBe('#contact-form');
    const draft = url.searchParams.get('draft')!;
    const back = await session('contact', draft);
    expect(back.draft).toEqual({
      values: {
        name: 'Rina Putri',
        email: 'rina+x@example.com',
        phone: '+62 812-3456-7890',
        subject: 'Group booking',
        message: 'We are 12 people visiting Bandung in May.',
      },
      errors: { email: 'email_plus' },
      filesDropped: false,
    });
    // The fill time keeps counting from the first render: the page's new token carries it.
    expect(back.token.split('.')[1]).toBe(token.split('.')[1]);
    // A forged or altered reference shows an empty form.
    // (The altered last character always differs from the original one.)
    const altered = `${draft.slice(0, -1)}${draft.endsWith('A') ? 'B' : 'A'}`;
    expect(altered).not.toBe(draft);
    expect((await session('contact', altered)).draft).toBeNull();
    expect((await session('contact', 'x'.repeat(22))).draft).toBeNull();
    // Drafts last an hour.
    t.advance(61 * 60_000);
    expect((await session('contact', draft)).draft).toBeNull();
  });

  it('a valid message: 303 to the success page, the row committed, both e-mails in the outbox', async () => {
    const token = await freshToken('contact');
    const res = await post('contact', { ...contact({ email: 'Sari@Example.com', name: 'Sari' }), token, lang: 'id' });
    expect(res.status).toBe(303);
    expect(res.location).toBe('/id/contact/success/');
    const [row] = (await submissions()).filter((s) => s.email === 'sari@example.com');
    expect(row).toMatchObject({ form: 'contact', lang: 'id', name: 'Sari', phone: '81234567890' });
    expect(row!.fields).toEqual({ subject: 'Group booking', message: 'We are 12 people visiting Bandung in May.' });
    const [ack] = await outbox('sari@example.com');
    expect(ack).toMatchObject({ subject: 'Pesan kamu sudah kami terima', lang: 'id' });
    expect(ack!.text).toContain('Halo Sari');
    const notes = (await outbox(deps.env.FORMS_NOTIFY_EMAIL)).filter((m) => m.subject.includes(`#${row!.id}`));
    expect(notes).toHaveLength(1);
    expect(notes[0]!.text).toContain('We are 12 people visiting Bandung in May.');
    // A body past the contact form's limit (64 KB) is a message far too long, never taken in part.
    const huge = await post(
      'contact',
      // The page sends its hidden fields first.
      { token: await freshToken('contact'), ...contact({ message: 'x'.repeat(70 * 1024) }) },
      { json: true, multipart: true },
    );
    expect(huge.status).toBe(422);
    expect(huge.data.details.fields).toContainEqual({ field: 'message', code: 'too_long' });
    // With JavaScript the same message gets JSON naming the page to go to.
    const again = await post('contact', { ...contact(), token: await freshToken('contact') }, { json: true });
    expect(again).toMatchObject({ status: 200, data: { data: { redirect: '/contact/success/' } } });
  });
});

describe('the partnership proposal', () => {
  it('applies every rule of spec section 5, in both languages', async () => {
    const before = await count('form_submissions');
    for (const lang of ['en', 'id'] as const) {
      const token = await freshToken('partnership');
      const res = await post(
        'partnership',
        {
          token,
          interest: '',
          product: 'cabin',
          fullName: '',
          email: '',
          phone: '1234567',
          source: 'others',
          sourceOther: '',
          address: '',
          mapsLink: '',
          area: '',
          surrounding: 'commercial',
        },
        { json: true, lang, multipart: true },
      );
      expect(res.status).toBe(422);
      expect(
        Object.fromEntries(res.data.details.fields.map((f: { field: string; code: string }) => [f.field, f.code])),
      ).toEqual({
        interest: 'choice_required',
        fullName: 'name_required',
        email: 'required',
        phone: 'phone_short',
        address: 'address_required',
        mapsLink: 'maps_required',
        area: 'area_required',
        sourceOther: 'source_other_required',
        surrounding: 'surrounding_required',
      });
      expect(res.data.message).toBe(errorsIn[lang].choice_required);
      const more = await post(
        'partnership',
        { ...proposal({ source: '', mapsLink: 'javascript:alert(1)', area: 'big', surrounding: '' }), token },
        { json: true, lang, multipart: true },
      );
      expect(more.data.details.fields).toEqual([
        { field: 'source', code: 'choice_required' },
        { field: 'mapsLink', code: 'maps_invalid' },
        { field: 'area', code: 'area_invalid' },
        { field: 'surrounding', code: 'surrounding_required' },
      ]);
    }
    expect(await count('form_submissions')).toBe(before);
  });

  it('a valid proposal with photos, a video and a PDF: files stored privately, served only by a signed URL', async () => {
    const token = await freshToken('partnership');
    const res = await post(
      'partnership',
      { ...proposal(), token, lang: 'en' },
      {
        files: {
          photos: [
            { name: 'front.jpg', bytes: await jpeg() },
            { name: 'lobby.jpg', bytes: await jpeg(20, 20) },
          ],
          video: [{ name: 'tour.mp4', bytes: mp4() }],
          document: [{ name: 'certificate.pdf', bytes: pdf() }],
        },
      },
    );
    expect(res.status).toBe(303);
    expect(res.location).toBe('/partnership/success/');
    const [row] = (await submissions()).filter((s) => s.email === 'budi@example.com');
    expect(row).toMatchObject({ form: 'partnership', name: 'Budi Santoso', phone: '81234567890' });
    expect(row!.fields).toMatchObject({ interest: 'lease', product: 'pod', area: 900, surrounding: 'commercial' });
    const files = await rows<{ id: string; field: string; content_type: string; file_name: string }>(
      db(),
      sql`select id, field, content_type, file_name from form_submission_files where submission_id = ${row!.id}`,
    );
    expect(files.map((f) => `${f.field} ${f.content_type} ${f.file_name}`).sort()).toEqual([
      'document application/pdf certificate.pdf',
      'photos image/jpeg front.jpg',
      'photos image/jpeg lobby.jpg',
      'video video/mp4 tour.mp4',
    ]);
    // The pictures are re-encoded: no EXIF kept.
    const photo = await blobStoreOf(deps).get(files.find((f) => f.field === 'photos')!.id);
    expect((await sharp(photo!.bytes).metadata()).exif).toBeUndefined();
    // The operators' mail links every file; the links work, altered ones do not.
    const [note] = (await outbox(deps.env.FORMS_NOTIFY_EMAIL)).filter((m) => m.subject.includes(`#${row!.id}`));
    const links = [...note!.text.matchAll(/https?:\/\/\S+\/api\/forms\/files\?\S+/g)].map((m) => new URL(m[0]));
    expect(links).toHaveLength(4);
    const pdfLink = links.find((l) => files.find((f) => f.id === l.searchParams.get('id'))?.field === 'document')!;
    const served = await app.request(pdfLink.pathname + pdfLink.search);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(served.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(pdf());
    const altered = new URL(pdfLink);
    altered.searchParams.set('exp', String(Number(altered.searchParams.get('exp')) + 60));
    expect((await app.request(altered.pathname + altered.search)).status).toBe(404);
    expect((await app.request(`/api/forms/files?id=${pdfLink.searchParams.get('id')}`)).status).toBe(404);
    // The acknowledgement went to the sender in English.
    expect((await outbox('budi@example.com'))[0]!.subject).toBe('We received your partnership proposal');
  });

  it('refuses a 3 MB photo, a fifth photo, an executable named .pdf and a 12 MB video, keeping nothing', async () => {
    const put = vi.spyOn(blobStoreOf(deps), 'put');
    const before = { rows: await count('form_submissions'), files: await count('form_submission_files') };
    const bigPhoto = new Uint8Array(3 * MB);
    bigPhoto.set(await jpeg());
    const cases: [Files, string, string][] = [
      [{ photos: [{ name: 'big.jpg', bytes: bigPhoto }] }, 'photos', 'photo_too_large'],
      [
        { photos: await Promise.all([1, 2, 3, 4, 5].map(async (i) => ({ name: `p${i}.jpg`, bytes: await jpeg() }))) },
        'photos',
        'photo_too_many',
      ],
      [{ document: [{ name: 'proposal.pdf', bytes: exe(), type: 'application/pdf' }] }, 'document', 'document_type'],
      [{ video: [{ name: 'tour.mp4', bytes: mp4(12 * MB), type: 'video/mp4' }] }, 'video', 'video_too_large'],
      [{ photos: [{ name: 'photo.jpg', bytes: pdf(), type: 'image/jpeg' }] }, 'photos', 'photo_type'],
    ];
    for (const lang of ['en', 'id'] as const)
      for (const [files, field, code] of cases) {
        const token = await freshToken('partnership');
        // A good photo beside the bad file: it is not kept either.
        const withGood = { ...files, photos: files.photos ?? [{ name: 'ok.jpg', bytes: await jpeg() }] };
        const res = await post('partnership', { ...proposal(), token }, { json: true, lang, files: withGood });
        expect(res.status, code).toBe(422);
        expect(res.data.details.fields).toEqual([{ field, code }]);
        expect(res.data.message).toBe(errorsIn[lang][code as keyof typeof errorsIn.en]);
        // Without JavaScript: the form comes back with the values, the error and a word about the files.
        const plain = await post('partnership', { ...proposal(), token, lang }, { lang, files: withGood });
        expect(plain.status).toBe(303);
        const back = await session('partnership', new URL(plain.location!, 'http://x').searchParams.get('draft')!);
        expect(back.draft).toMatchObject({ errors: { [field]: code }, filesDropped: true });
        expect(back.draft!.values.fullName).toBe('Budi Santoso');
      }
    expect(put).not.toHaveBeenCalled();
    expect({ rows: await count('form_submissions'), files: await count('form_submission_files') }).toEqual(before);
  });

  it('keeps nothing when storing fails half-way (the stored files are removed again)', async () => {
    const store = blobStoreOf(deps);
    const kept: string[] = [];
    const realPut = store.put.bind(store);
    vi.spyOn(store, 'put').mockImplementation(async (key, bytes, type) => {
      if (kept.length === 1) throw new Error('disk full');
      kept.push(key);
      await realPut(key, bytes, type);
    });
    const before = await count('form_submissions');
    const token = await freshToken('partnership');
    const body = {
      fields: { ...proposal(), token },
      files: { photos: [new File([await jpeg()], 'a.jpg')], video: [], document: [new File([pdf()], 'b.pdf')] },
      truncated: false,
    };
    await expect(submitForm(deps, 'partnership', body, 'en', freshAddress())).rejects.toThrow('disk full');
    expect(await count('form_submissions')).toBe(before);
    expect(kept).toHaveLength(1);
    expect(await store.get(kept[0]!)).toBeNull();
  });

  it('keeps the submission and its e-mails together: when the outbox cannot take them, nothing is kept', async () => {
    // A submission never waits for a re-queue job: its two e-mails are written in its own transaction.
    const store = blobStoreOf(deps);
    const kept: string[] = [];
    const realPut = store.put.bind(store);
    vi.spyOn(store, 'put').mockImplementation(async (key, bytes, type) => {
      kept.push(key);
      await realPut(key, bytes, type);
    });
    await db().execute(sql`
      create function refuse_operator_mail() returns trigger language plpgsql as $$
      begin raise exception 'outbox unavailable'; end $$`);
    const acks = (await outbox('outbox.down@example.com')).length;
    const operator = deps.env.FORMS_NOTIFY_EMAIL.replaceAll("'", "''");
    await db().execute(
      sql.raw(`create trigger refuse_operator_mail before insert on outbox_messages
        for each row when (new."to" = '${operator}') execute function refuse_operator_mail()`),
    );
    try {
      const before = await Promise.all([count('form_submissions'), count('form_submission_files')]);
      const token = await freshToken('partnership');
      const body = {
        fields: { ...proposal({ email: 'outbox.down@example.com' }), token },
        files: { photos: [new File([await jpeg()], 'a.jpg')], video: [], document: [] },
        truncated: false,
      };
      await expect(submitForm(deps, 'partnership', body, 'en', freshAddress())).rejects.toThrow();
      expect(await Promise.all([count('form_submissions'), count('form_submission_files')])).toEqual(before);
      // The acknowledgement, queued first in the same transaction, went with it.
      expect(await outbox('outbox.down@example.com')).toHaveLength(acks);
      expect(kept).toHaveLength(1);
      expect(await store.get(kept[0]!)).toBeNull();
    } finally {
      await db().execute(sql`drop trigger refuse_operator_mail on outbox_messages`);
    }
    // With the outbox back, the same proposal goes through with both e-mails.
    vi.restoreAllMocks();
    const token = await freshToken('partnership');
    const sent = await submitForm(
      deps,
      'partnership',
      {
        fields: { ...proposal({ email: 'outbox.down@example.com' }), token },
        files: { photos: [], video: [], document: [] },
        truncated: false,
      },
      'en',
      freshAddress(),
    );
    expect(sent.kind).toBe('sent');
    expect(await outbox('outbox.down@example.com')).toHaveLength(acks + 1);
  });

  it('cuts a 500 MB upload off at the limit while it streams; the typed values come back', async () => {
    const token = await freshToken('partnership');
    const boundary = 'xyzBOUNDARY';
    const head = Object.entries({ ...proposal(), token, lang: 'id' })
      .map(([k, val]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${val}\r\n`)
      .join('');
    const fileHead = `--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="huge.mp4"\r\nContent-Type: video/mp4\r\n\r\n`;
    let pulled = 0;
    const chunk = new Uint8Array(256 * 1024);
    let sentHead = false;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (!sentHead) {
          sentHead = true;
          controller.enqueue(new TextEncoder().encode(head + fileHead));
          controller.enqueue(mp4(64));
          return;
        }
        pulled += chunk.byteLength;
        if (pulled > 500 * MB) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const before = await count('form_submissions');
    const res = await app.request(
      '/api/forms/partnership?lang=id',
      {
        method: 'POST',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(500 * MB) },
        body: endless,
        duplex: 'half',
      } as RequestInit,
      { incoming: { socket: { remoteAddress: freshAddress() }, headers: {} } },
    );
    expect(res.status).toBe(303);
    expect(pulled).toBeLessThan(21 * MB + 4 * chunk.byteLength);
    const key = new RegExp(`${DRAFT_COOKIE}=([\\w-]+)`).exec(res.headers.get('set-cookie') ?? '')![1];
    const back = await session(
      'partnership',
      new URL(res.headers.get('location')!, 'http://x').searchParams.get('draft')!,
      { cookie: `${DRAFT_COOKIE}=${key}` },
    );
    expect(back.draft).toMatchObject({ errors: { files: 'files_too_large' }, filesDropped: true });
    expect(back.draft!.values).toMatchObject({
      fullName: 'Budi Santoso',
      area: '900',
      notes: 'Four storeys with a lift.',
    });
    expect(await count('form_submissions')).toBe(before);
  });
});

describe('drafts', () => {
  it('a draft opens only in the browser it was sent from: its URL read elsewhere shows an empty form', async () => {
    const message = 'Nomor HP saya 0812 9999 0000, tolong telepon ya.';
    const res = await post(
      'contact',
      { ...contact({ name: '', message }), token: await freshToken('contact') },
      { lang: 'id' },
    );
    expect(res.status).toBe(303);
    expect(res.setCookie).toMatch(new RegExp(`^${DRAFT_COOKIE}=[\\w-]{22};`));
    expect(res.setCookie).toMatch(/HttpOnly/i);
    expect(res.setCookie).toMatch(/SameSite=Lax/i);
    expect(res.setCookie).toMatch(/Path=\//);
    const ref = new URL(res.location!, 'http://x').searchParams.get('draft')!;
    // The browser that sent it (its cookie): the values and the errors.
    const mine = await session('contact', ref);
    expect(mine.draft).toMatchObject({ values: { message }, errors: { name: 'name_required' } });
    // The same URL without that cookie (a shared device's history, a link passed on), or another key.
    expect((await session('contact', ref, {})).draft).toBeNull();
    expect((await session('contact', ref, { cookie: `${DRAFT_COOKIE}=${'B'.repeat(22)}` })).draft).toBeNull();
  });
});

describe('spam', () => {
  it('the honeypot: the same answer as a success, nothing kept', async () => {
    const before = { rows: await count('form_submissions'), mails: await count('outbox_messages') };
    const token = await freshToken('contact');
    const honeypot = await post('contact', { ...contact({ website: 'http://spam.example' }), token });
    expect(honeypot.status).toBe(303);
    expect(honeypot.location).toBe('/contact/success/');
    const json = await post('contact', { ...contact({ website: 'x' }), token }, { json: true });
    expect(json).toMatchObject({ status: 200, data: { data: { redirect: '/contact/success/' } } });
    expect({ rows: await count('form_submissions'), mails: await count('outbox_messages') }).toEqual(before);
  });

  it('a form sent faster than a person fills it, with no token or a forged one: never answered "sent"; back to the form, values kept', async () => {
    const before = { rows: await count('form_submissions'), mails: await count('outbox_messages') };
    const draftOf = async (res: { status: number; location: string | null }) => {
      expect(res.status).toBe(303);
      expect(res.location).toMatch(/^\/id\/contact\/\?draft=[\w.-]+#contact-form$/);
      return (await session('contact', new URL(res.location!, 'http://x').searchParams.get('draft')!)).draft!;
    };
    // An empty form sent at once (a guest pressing send first): told what is missing, not "sent".
    const { token } = await session('contact');
    t.advance(1_000);
    const empty = await draftOf(await post('contact', { token, website: '' }, { lang: 'id' }));
    expect(empty.errors).toMatchObject({ name: 'name_required', message: 'message_required' });
    // A complete one sent at once: asked to send it again, every value kept ...
    const quick = await draftOf(await post('contact', { ...contact(), token }, { lang: 'id' }));
    expect(quick.errors).toEqual({ _form: 'sent_too_fast' });
    expect(quick.values).toMatchObject({ name: 'Rina Putri', message: 'We are 12 people visiting Bandung in May.' });
    // ... and with JavaScript, a 422 in the page's language with a token to send again with.
    const json = await post('contact', { ...contact(), token }, { json: true, lang: 'id' });
    expect(json.status).toBe(422);
    expect(json.data.details.fields).toEqual([{ field: '_form', code: 'sent_too_fast' }]);
    expect(json.data.message).toBe(errorsIn.id.sent_too_fast);
    // No token of ours (none, forged, the other form's): the page is old, send again.
    for (const bad of [undefined, `contact.1772420000.${'A'.repeat(32)}`, (await session('partnership')).token]) {
      const back = await draftOf(
        await post('contact', { ...contact(), ...(bad ? { token: bad } : {}) }, { lang: 'id' }),
      );
      expect(back.errors).toEqual({ _form: 'form_expired' });
      expect(back.values).toMatchObject({ name: 'Rina Putri' });
    }
    expect({ rows: await count('form_submissions'), mails: await count('outbox_messages') }).toEqual(before);
    // Sent again once the fill time has passed: it goes through.
    t.advance(5_000);
    const again = await post('contact', { ...contact(), token: json.data.details.token }, { lang: 'id' });
    expect(again.location).toBe('/id/contact/success/');
    expect(await count('form_submissions')).toBe(before.rows + 1);
  });

  it(`past ${FORM_POSTS_BY_IP.limit} posts an hour from one address, the sender is told when to try again and keeps the message`, async () => {
    const ip = '198.51.100.77';
    const before = { rows: await count('form_submissions'), mails: await count('outbox_messages') };
    for (let i = 0; i < FORM_POSTS_BY_IP.limit; i++)
      await post('contact', { ...contact({ name: '' }), token: await freshToken('contact') }, { ip, json: true });

    // Without JavaScript: back to the form, the message kept as a draft, and when to send it again.
    const refused = await post(
      'contact',
      { ...contact({ name: 'Limited', message: 'Apakah ada pod untuk 4 orang?' }), token: await freshToken('contact') },
      { ip, lang: 'id' },
    );
    expect(refused.status).toBe(303);
    expect(refused.location).toMatch(/^\/id\/contact\/\?draft=/);
    const back = await session('contact', new URL(refused.location!, 'http://x').searchParams.get('draft')!);
    expect(back.draft).toMatchObject({
      errors: { _form: 'rate_limited' },
      values: { name: 'Limited', message: 'Apakah ada pod untuk 4 orang?' },
    });
    const retryAt = new Date(back.draft!.retryAt!);
    expect(retryAt.getTime()).toBeGreaterThan(deps.now!().getTime());
    expect(retryAt.getTime()).toBeLessThanOrEqual(deps.now!().getTime() + 3600_000);

    // With JavaScript: 429 in the page's language, saying the time (Jakarta), the values stay in the page.
    const json = await post(
      'contact',
      { ...contact(), token: await freshToken('contact') },
      { ip, json: true, lang: 'id' },
    );
    expect(json.status).toBe(429);
    expect(json.data.code).toBe('rate_limited');
    expect(json.data.details.fields).toEqual([{ field: '_form', code: 'rate_limited' }]);
    expect(json.data.message).toBe(
      errorsIn.id.rate_limited.replace('{time}', jakartaClock(json.data.details.retryAt, 'id')),
    );
    expect(json.data.message).toMatch(/pukul \d{2}\.\d{2} WIB/);
    expect({ rows: await count('form_submissions'), mails: await count('outbox_messages') }).toEqual(before);
    const [limit] = await rows<{ count: number }>(
      db(),
      sql`select sum(count)::int as count from rate_limits where key = ${`form-post-ip:${ip}`}`,
    );
    expect(limit!.count).toBe(FORM_POSTS_BY_IP.limit + 2);
    // Another address is not affected.
    const other = await post('contact', { ...contact({ name: 'Other' }), token: await freshToken('contact') });
    expect(other.location).toBe('/contact/success/');
    expect(await count('form_submissions')).toBe(before.rows + 1);
  });

  it(`one sender e-mail gets at most ${FORM_POSTS_BY_EMAIL.limit} messages an hour, from any address`, async () => {
    const email = 'banyak.pesan@example.com';
    for (let i = 0; i < FORM_POSTS_BY_EMAIL.limit; i++) {
      const sent = await post('contact', { ...contact({ email }), token: await freshToken('contact') });
      expect(sent.location).toBe('/contact/success/');
    }
    const sixth = await post(
      'contact',
      { ...contact({ email: 'Banyak.Pesan@Example.com' }), token: await freshToken('contact') },
      { json: true },
    );
    expect(sixth.status).toBe(429);
    expect(sixth.data.message).toContain(jakartaClock(sixth.data.details.retryAt, 'en'));
    expect((await outbox(email)).length).toBe(FORM_POSTS_BY_EMAIL.limit);
    // Someone else on the same shared address still gets through.
    const other = await post('contact', {
      ...contact({ email: 'lain@example.com' }),
      token: await freshToken('contact'),
    });
    expect(other.location).toBe('/contact/success/');
  });

  it('a page left open for more than a day comes back with its values and asks to send again', async () => {
    const { token } = await session('contact');
    t.advance(25 * 3600_000);
    const res = await post('contact', { ...contact(), token });
    const back = await session('contact', new URL(res.location!, 'http://x').searchParams.get('draft')!);
    expect(back.draft).toMatchObject({ errors: { _form: 'form_expired' }, values: { name: 'Rina Putri' } });
    // The script gets a fresh token with its 422, and sending again with it works.
    const json = await post(
      'contact',
      { ...contact({ email: 'late@example.com' }), token },
      { json: true, lang: 'id' },
    );
    expect(json.status).toBe(422);
    expect(json.data.details.fields).toEqual([{ field: '_form', code: 'form_expired' }]);
    expect(json.data.message).toBe(errorsIn.id.form_expired);
    t.advance(5_000);
    const again = await post(
      'contact',
      { ...contact({ email: 'late@example.com' }), token: json.data.details.token },
      { json: true },
    );
    expect(again.status).toBe(200);
    expect((await submissions()).some((s) => s.email === 'late@example.com')).toBe(true);
  });
});

describe('while the SMTP relay is down', () => {
  it('the submission is kept and both e-mails go out once the relay is back', async () => {
    // A port nothing listens on: the relay is down.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const down = await startOutboxSender({
      ...deps,
      mail: { kind: 'smtp', smtp: { host: '127.0.0.1', port, secure: false, ignoreTLS: true } },
    });
    const token = await freshToken('contact');
    const res = await post('contact', { ...contact({ email: 'down@example.com', name: 'Dewi' }), token, lang: 'id' });
    expect(res.location).toBe('/id/contact/success/');
    await down.flush();
    await down.stop();
    const [row] = (await submissions()).filter((s) => s.email === 'down@example.com');
    expect(row).toBeDefined();
    const waiting = await rows<{ status: string; attempts: number; last_error: string | null }>(
      db(),
      // This submission's two e-mails: the acknowledgement, and the operators' notification naming it.
      sql`select status, attempts, last_error from outbox_messages where status <> 'sent' and ("to" = 'down@example.com' or ("to" = ${deps.env.FORMS_NOTIFY_EMAIL} and subject like ${`%#${row!.id}%`})) order by id`,
    );
    expect(waiting).toHaveLength(2);
    for (const m of waiting) expect(m).toMatchObject({ status: 'pending', attempts: 1 });
    expect(waiting[0]!.last_error).toMatch(/ECONNREFUSED|connect/i);

    // The relay is back (the development sink): the next round delivers both.
    const up = await startOutboxSender(deps);
    await up.flush();
    await up.stop();
    const sink = await listSinkMessages(deps, 500);
    expect(sink.filter((m) => m.to === 'down@example.com').map((m) => m.subject)).toEqual([
      'Pesan kamu sudah kami terima',
    ]);
    expect(sink.some((m) => m.to === deps.env.FORMS_NOTIFY_EMAIL && m.subject?.includes(`#${row!.id}`))).toBe(true);
    expect((await outbox('down@example.com'))[0]!.status).toBe('sent');
  });
});

describe('npm run ops -- submissions', () => {
  it('lists submissions with signed links to their files, since a day, and as CSV', async () => {
    const listed = await runOps(['submissions'], deps);
    expect(listed.code).toBe(0);
    const text = listed.out.join('\n');
    expect(text).toContain('partnership (en)');
    expect(text).toContain('email: budi@example.com');
    expect(text).toMatch(/document: certificate\.pdf \(application\/pdf, \d+ B\) http:\/\/\S+\/api\/forms\/files\?id=/);
    const link = new URL(/http:\/\/\S+\/api\/forms\/files\?\S+/.exec(text)![0]);
    expect((await app.request(link.pathname + link.search)).status).toBe(200);

    const csv = await runOps(['submissions', '--csv'], deps);
    expect(csv.out[0]).toBe('id,form,lang,created_at,name,email,phone,fields,mails_queued_at,files');
    expect(csv.out.length).toBe((await count('form_submissions')) + 1);
    const budi = csv.out.find((l) => l.includes('budi@example.com'))!;
    expect(budi.match(/\b(photos|video|document):http:\/\/\S+\/api\/forms\/files\?/g)).toHaveLength(4);

    const future = await runOps(['submissions', '--since', '2099-01-01'], deps);
    expect(future.out).toEqual(['No submissions.']);
    expect((await runOps(['submissions', '--since', 'yesterday'], deps)).code).toBe(2);
  });

  it('defuses a formula typed into a form when exporting CSV', async () => {
    const token = await freshToken('contact');
    await post('contact', {
      ...contact({ name: '=HYPERLINK("http://evil.example")', email: 'formula@example.com' }),
      token,
    });
    const csv = await runOps(['submissions', '--csv'], deps);
    expect(csv.out.find((l) => l.includes('formula@example.com'))).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
  });
});
