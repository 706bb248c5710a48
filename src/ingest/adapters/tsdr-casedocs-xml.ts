// USPTO TSDR case documents XML (`DocumentList`, namespace urn:us:gov:doc:uspto:trademark, the
// `casedocs/sn…/info.xml` answer): the prosecution-history documents of a mark. One list per
// serial number in the file; each document's type, category, mail-room date, scan time, page
// count and page media types. The file names no document URL, so none is made up.
import { createHash } from 'node:crypto';
import { canonicalNumber, trademarkId } from '../../core/ids.js';
import { DocumentListRecord, type ProsecutionDocument } from '../../core/schemas/documents.js';
import type { FormatAdapter } from '../adapter.js';
import { toIsoDate, toItem } from './common.js';
import { text, texts, treeHandlers, type XmlNode } from './xml-tree.js';
import { runXml } from './xml-stream.js';

const toDocument = (serial: string, d: XmlNode): ProsecutionDocument => {
  const type = text(d, 'DocumentTypeCode');
  const date = toIsoDate(text(d, 'MailRoomDate'));
  const scanned = text(d, 'ScanDateTime');
  const pages = Number(text(d, 'TotalPageQuantity'));
  const key = `US:${serial}:${type ?? ''}:${date ?? ''}:${scanned ?? ''}`;
  return {
    document_id: `doc_${createHash('sha256').update(key).digest('hex').slice(0, 20)}`,
    date,
    type,
    description: text(d, 'DocumentTypeCodeDescriptionText') ?? text(d, 'DocumentTypeDescriptionText'),
    category: text(d, 'CategoryTypeCodeDescriptionText'),
    page_count: Number.isInteger(pages) && text(d, 'TotalPageQuantity') !== null ? pages : null,
    media_types: [...new Set(texts(d, 'PageMediaTypeList/PageMediaTypeName'))],
    scanned_at: scanned,
    url: null,
    has_file: Number.isInteger(pages) && pages > 0,
    download_url: null,
  };
};

export const tsdrCasedocsXml: FormatAdapter<DocumentListRecord> = {
  name: 'tsdr-casedocs-xml',
  detect: (head) => /<(\w+:)?DocumentList[\s>]/.test(head) && /urn:us:gov:doc:uspto:trademark/.test(head),
  parse: (input, file) =>
    runXml<DocumentListRecord>(input, file, { roots: ['DocumentList'], what: 'USPTO TSDR case documents XML' }, (emit) => {
      const bySerial = new Map<string, XmlNode[]>();
      let n = 0;
      const handlers = treeHandlers(['Document'], (d) => {
        n += 1;
        const serial = text(d, 'SerialNumber');
        if (!serial || !/^\d{8}$/.test(serial)) {
          emit({ ok: false, recordNumber: n, reason: `Document has no valid SerialNumber (got ${JSON.stringify(serial ?? '')})` });
          return;
        }
        bySerial.set(serial, [...(bySerial.get(serial) ?? []), d]);
      });
      return {
        ...handlers,
        end() {
          let i = 0;
          for (const [serial, docs] of bySerial) {
            i += 1;
            emit(
              toItem(i, () =>
                DocumentListRecord.parse({
                  object: 'document_list',
                  trademark_id: trademarkId('US', serial),
                  office_code: 'US',
                  application_number: canonicalNumber(serial),
                  source_format: 'tsdr-casedocs-xml',
                  // Newest first, as TSDR lists them; the same order whatever order the file had.
                  documents: docs.map((d) => toDocument(serial, d)).sort((a, b) => (b.date ?? '').localeCompare(a.date ?? '') || (b.scanned_at ?? '').localeCompare(a.scanned_at ?? '')),
                }),
              ),
            );
          }
        },
      };
    }),
};
