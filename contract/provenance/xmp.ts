// The XMP packet our outputs carry (IPTC DigitalSourceType, the tool) and the reader of its code.
// Pure: no Node or DOM APIs, so the server and the page's watermark worker share it.

export const IPTC_EXT_NS = 'http://iptc.org/std/Iptc4xmpExt/2008-02-29/';

export interface XmpFacts {
  /** The IPTC code's full URI (http://cv.iptc.org/newscodes/digitalsourcetype/...). */
  digitalSourceType: string;
  /** xmp:CreatorTool, e.g. "Persona Studio 1.4.0 (local engine)". */
  creatorTool: string;
  /** dc:title. */
  title: string;
}

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A complete XMP packet (with its xpacket wrapper) holding the facts. */
export function buildXmpPacket(facts: XmpFacts): string {
  return [
    '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>',
    '<x:xmpmeta xmlns:x="adobe:ns:meta/">',
    ' <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">',
    '  <rdf:Description rdf:about=""',
    `    xmlns:Iptc4xmpExt="${IPTC_EXT_NS}"`,
    '    xmlns:xmp="http://ns.adobe.com/xap/1.0/"',
    '    xmlns:dc="http://purl.org/dc/elements/1.1/"',
    `    Iptc4xmpExt:DigitalSourceType="${escapeXml(facts.digitalSourceType)}"`,
    `    xmp:CreatorTool="${escapeXml(facts.creatorTool)}">`,
    `   <dc:title><rdf:Alt><rdf:li xml:lang="x-default">${escapeXml(facts.title)}</rdf:li></rdf:Alt></dc:title>`,
    '  </rdf:Description>',
    ' </rdf:RDF>',
    '</x:xmpmeta>',
    '<?xpacket end="w"?>',
  ].join('\n');
}

const unescapeXml = (s: string) =>
  s.replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** An XMP property's value, written as an attribute or a simple element (any namespace prefix). */
function property(packet: string, name: string): string | null {
  const m = new RegExp(`:${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')|:${name}>([^<]*)<`).exec(packet);
  if (!m) return null;
  return unescapeXml((m[1] ?? m[2] ?? m[3] ?? '').trim());
}

/** The packet's DigitalSourceType URI, or null when it has none. */
export const readDigitalSourceType = (packet: string): string | null => property(packet, 'DigitalSourceType');

/** The packet's xmp:CreatorTool, or null. */
export const readCreatorTool = (packet: string): string | null => property(packet, 'CreatorTool');
