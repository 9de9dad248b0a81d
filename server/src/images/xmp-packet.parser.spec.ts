import * as exifr from 'exifr';
import { xmpPacket } from '../../../test/support/image-fixtures';
import { parseXmp } from './exifr.reader';
import { normalizeXmpValue, parseXmpPacket, XmpSelection } from './xmp-packet.parser';

type Xmp = Record<string, Record<string, unknown>>;

// ---- exifr, for comparison -------------------------------------------------------------------

const ExifrXmp = exifr.segmentParsers.get('xmp') as { parse(xml: string): Xmp | undefined };
const SELF_CLOSING_DESCRIPTION = /<rdf:Description(\s[^<>]*)?\/>/g;

/**
 * exifr's XMP parse as the check used it before this parser: a nested self-closing description
 * (which makes exifr lose everything) opened and closed first.
 */
function exifrXmp(xml: string): Xmp {
  const first = xml.indexOf('<rdf:Description');
  const nested = first >= 0 && xml.indexOf('<rdf:Description', first + 16) >= 0;
  const parsed = ExifrXmp.parse(nested ? xml.replace(SELF_CLOSING_DESCRIPTION, '<rdf:Description$1></rdf:Description>') : xml);
  return parsed && typeof parsed === 'object' ? parsed : {};
}

/** Parses with both and checks they agree; returns ours. */
function parseBoth(xml: string): Xmp {
  const ours = parseXmpPacket(xml);
  expect(ours).toEqual(exifrXmp(xml));
  return ours;
}

const NS = {
  x: 'adobe:ns:meta/',
  rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  dc: 'http://purl.org/dc/elements/1.1/',
  xmp: 'http://ns.adobe.com/xap/1.0/',
  xmpMM: 'http://ns.adobe.com/xap/1.0/mm/',
  stEvt: 'http://ns.adobe.com/xap/1.0/sType/ResourceEvent#',
  stRef: 'http://ns.adobe.com/xap/1.0/sType/ResourceRef#',
  exif: 'http://ns.adobe.com/exif/1.0/',
  tiff: 'http://ns.adobe.com/tiff/1.0/',
  photoshop: 'http://ns.adobe.com/photoshop/1.0/',
  Iptc4xmpCore: 'http://iptc.org/std/Iptc4xmpCore/1.0/xmlns/',
  Iptc4xmpExt: 'http://iptc.org/std/Iptc4xmpExt/2008-02-29/',
  'mwg-rs': 'http://www.metadataworkinggroup.com/schemas/regions/',
  stArea: 'http://ns.adobe.com/xmp/sType/Area#',
};

const xmlns = (...prefixes: Array<keyof typeof NS>) => prefixes.map((p) => `xmlns:${p}="${NS[p]}"`).join(' ');

/** The packet wrapper (xpacket processing instructions, x:xmpmeta, rdf:RDF) around descriptions. */
function wrap(body: string): string {
  return [
    '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>',
    `<x:xmpmeta xmlns:x="${NS.x}" x:xmptk="Adobe XMP Core 9.1-c001 79.675d0f7, 2023/06/11-19:21:16">`,
    ` <rdf:RDF xmlns:rdf="${NS.rdf}">`,
    body,
    ' </rdf:RDF>',
    '</x:xmpmeta>',
    ' '.repeat(40),
    '<?xpacket end="w"?>',
  ].join('\n');
}

/** A packet as Photoshop writes it: simple properties as attributes, the rest as child elements. */
const PHOTOSHOP_PACKET = wrap(`
  <rdf:Description rdf:about=""
    ${xmlns('xmp', 'dc', 'photoshop', 'xmpMM', 'stEvt', 'stRef', 'tiff', 'exif')}
    xmp:CreatorTool="Adobe Photoshop 25.0 (Macintosh)"
    xmp:CreateDate="2023-10-01T12:30:45+02:00"
    xmp:Rating="5"
    dc:format="image/jpeg"
    photoshop:City="Lyon"
    photoshop:ColorMode="3"
    tiff:Orientation="1"
    exif:GPSLatitude="45,45.123N"
    exif:GPSLongitude="4,50.5E"
    exif:GPSAltitude="17/1"
    xmpMM:DocumentID="adobe:docid:photoshop:9a1b2c3d"
    xmpMM:InstanceID="xmp.iid:0f0e0d0c">
   <dc:creator>
    <rdf:Seq>
     <rdf:li>Jane Doe</rdf:li>
     <rdf:li>John Roe</rdf:li>
    </rdf:Seq>
   </dc:creator>
   <dc:subject>
    <rdf:Bag>
     <rdf:li>holiday</rdf:li>
     <rdf:li>family</rdf:li>
     <rdf:li>2023</rdf:li>
    </rdf:Bag>
   </dc:subject>
   <dc:title>
    <rdf:Alt>
     <rdf:li xml:lang="x-default">At the lake</rdf:li>
     <rdf:li xml:lang="de-DE">Am See</rdf:li>
     <rdf:li xml:lang="fr-FR">Au lac</rdf:li>
    </rdf:Alt>
   </dc:title>
   <dc:rights>
    <rdf:Alt>
     <rdf:li xml:lang="x-default">© 2023 Jane Doe</rdf:li>
    </rdf:Alt>
   </dc:rights>
   <xmpMM:History>
    <rdf:Seq>
     <rdf:li stEvt:action="created" stEvt:instanceID="xmp.iid:01" stEvt:when="2023-10-01T12:30:45+02:00" stEvt:softwareAgent="Adobe Photoshop 25.0 (Macintosh)"/>
     <rdf:li rdf:parseType="Resource">
      <stEvt:action>saved</stEvt:action>
      <stEvt:when>2023-10-01T12:31:00+02:00</stEvt:when>
      <stEvt:softwareAgent>Adobe Photoshop 25.0 (Macintosh)</stEvt:softwareAgent>
      <stEvt:changed>/</stEvt:changed>
     </rdf:li>
    </rdf:Seq>
   </xmpMM:History>
   <xmpMM:DerivedFrom stRef:instanceID="xmp.iid:00" stRef:documentID="adobe:docid:photoshop:original"/>
  </rdf:Description>`);

// ---- tests -------------------------------------------------------------------------------------

describe('parseXmpPacket', () => {
  it('a Photoshop packet: attributes, Seq, Bag, Alt with xml:lang, structures, all as exifr gives them', () => {
    const xmp = parseBoth(PHOTOSHOP_PACKET);
    expect(xmp.xmp).toEqual({ CreatorTool: 'Adobe Photoshop 25.0 (Macintosh)', CreateDate: '2023-10-01T12:30:45+02:00', Rating: 5 });
    expect(xmp.dc).toEqual({
      format: 'image/jpeg',
      creator: ['Jane Doe', 'John Roe'],
      subject: ['holiday', 'family', 2023],
      title: [
        { lang: 'x-default', value: 'At the lake' },
        { lang: 'de-DE', value: 'Am See' },
        { lang: 'fr-FR', value: 'Au lac' },
      ],
      rights: { lang: 'x-default', value: '© 2023 Jane Doe' },
    });
    expect(xmp.photoshop).toEqual({ City: 'Lyon', ColorMode: 3 });
    expect(xmp.tiff).toEqual({ Orientation: 1 });
    expect(xmp.exif).toEqual({ GPSLatitude: '45,45.123N', GPSLongitude: '4,50.5E', GPSAltitude: '17/1' });
    expect(xmp.xmpMM.History).toEqual([
      { action: 'created', instanceID: 'xmp.iid:01', when: '2023-10-01T12:30:45+02:00', softwareAgent: 'Adobe Photoshop 25.0 (Macintosh)' },
      { parseType: 'Resource', action: 'saved', when: '2023-10-01T12:31:00+02:00', softwareAgent: 'Adobe Photoshop 25.0 (Macintosh)', changed: '/' },
    ]);
    expect(xmp.xmpMM.DerivedFrom).toEqual({ instanceID: 'xmp.iid:00', documentID: 'adobe:docid:photoshop:original' });
    // Namespace declarations are attributes too (exifr keeps them under "xmlns"); rdf:about="" is empty.
    expect(xmp.xmlns.dc).toBe(NS.dc);
    expect(xmp.x).toBeUndefined();
    expect(xmp.rdf).toBeUndefined();
  });

  it("the fixtures' packet (test/support) agrees with exifr, with its face region and contact", () => {
    const xml = xmpPacket({
      creatorTool: 'Pixelmator Pro 3.5',
      createDate: '2022-05-06T07:08:09Z',
      documentId: 'uuid:faf5bdd5-ba3d-11da-ad31-d33d75182f1b',
      email: 'jane@example.com',
      phone: '+33 1 23 45 67 89',
      address: '1 rue de la Paix',
      personInImage: 'Ada Lovelace',
      regionName: 'Grace Hopper',
    } as Parameters<typeof xmpPacket>[0]);
    const xmp = parseBoth(xml);
    expect(xmp.Iptc4xmpCore.CreatorContactInfo).toMatchObject({ CiEmailWork: 'jane@example.com', CiTelWork: '+33 1 23 45 67 89' });
    expect(xmp.Iptc4xmpExt.PersonInImage).toBe('Ada Lovelace');
    expect(xmp['mwg-rs'].Regions).toMatchObject({ RegionList: { Name: 'Grace Hopper', Type: 'Face' } });
  });

  it('several descriptions (one per schema, as Adobe writes them) merge; a later property wins', () => {
    const xml = wrap(`
      <rdf:Description rdf:about="" ${xmlns('dc')} dc:format="image/tiff"><dc:creator><rdf:Seq><rdf:li>First</rdf:li></rdf:Seq></dc:creator></rdf:Description>
      <rdf:Description rdf:about="" ${xmlns('exif')}><exif:GPSLatitude>51,30.0N</exif:GPSLatitude><exif:GPSLongitude>0,7.5W</exif:GPSLongitude></rdf:Description>
      <rdf:Description rdf:about="" ${xmlns('dc')}><dc:creator><rdf:Seq><rdf:li>Second</rdf:li><rdf:li>Third</rdf:li></rdf:Seq></dc:creator></rdf:Description>`);
    const xmp = parseBoth(xml);
    expect(xmp.dc).toEqual({ format: 'image/tiff', creator: ['Second', 'Third'] });
    expect(xmp.exif).toEqual({ GPSLatitude: '51,30.0N', GPSLongitude: '0,7.5W' });
  });

  it('nested structures: regions with nested descriptions (also self-closing ones), locations, contacts', () => {
    const xml = wrap(`
      <rdf:Description rdf:about="" ${xmlns('mwg-rs', 'stArea', 'Iptc4xmpCore', 'Iptc4xmpExt')}>
       <mwg-rs:Regions rdf:parseType="Resource">
        <mwg-rs:AppliedToDimensions stDim:w="4000" stDim:h="3000" stDim:unit="pixel" xmlns:stDim="http://ns.adobe.com/xap/1.0/sType/Dimensions#"/>
        <mwg-rs:RegionList>
         <rdf:Bag>
          <rdf:li>
           <rdf:Description mwg-rs:Name="Ada Lovelace" mwg-rs:Type="Face">
            <mwg-rs:Area stArea:x="0.5" stArea:y="0.4" stArea:w="0.2" stArea:h="0.3" stArea:unit="normalized"/>
           </rdf:Description>
          </rdf:li>
          <rdf:li>
           <rdf:Description mwg-rs:Name="Charles Babbage" mwg-rs:Type="Face"/>
          </rdf:li>
         </rdf:Bag>
        </mwg-rs:RegionList>
       </mwg-rs:Regions>
       <Iptc4xmpCore:CreatorContactInfo Iptc4xmpCore:CiAdrCity="Lyon" Iptc4xmpCore:CiEmailWork="a@example.org"/>
       <Iptc4xmpExt:LocationShown>
        <rdf:Bag>
         <rdf:li Iptc4xmpExt:City="Paris" Iptc4xmpExt:CountryName="France"/>
         <rdf:li rdf:parseType="Resource"><Iptc4xmpExt:City>Berlin</Iptc4xmpExt:City><Iptc4xmpExt:Sublocation>Mitte</Iptc4xmpExt:Sublocation></rdf:li>
        </rdf:Bag>
       </Iptc4xmpExt:LocationShown>
      </rdf:Description>`);
    const xmp = parseBoth(xml);
    expect(xmp['mwg-rs'].Regions).toEqual({
      parseType: 'Resource',
      AppliedToDimensions: { w: 4000, h: 3000, unit: 'pixel', stDim: 'http://ns.adobe.com/xap/1.0/sType/Dimensions#' },
      RegionList: [
        { Name: 'Ada Lovelace', Type: 'Face', Area: { x: 0.5, y: 0.4, w: 0.2, h: 0.3, unit: 'normalized' } },
        { Name: 'Charles Babbage', Type: 'Face' },
      ],
    });
    expect(xmp.Iptc4xmpCore.CreatorContactInfo).toEqual({ CiAdrCity: 'Lyon', CiEmailWork: 'a@example.org' });
    expect(xmp.Iptc4xmpExt.LocationShown).toEqual([
      { City: 'Paris', CountryName: 'France' },
      { parseType: 'Resource', City: 'Berlin', Sublocation: 'Mitte' },
    ]);
  });

  it('namespaces are keyed by the prefix as written, whatever it is', () => {
    const xml = wrap(`
      <rdf:Description rdf:about="" xmlns:ns1="${NS.dc}" xmlns:my-app_2="urn:x" xmlns:MicrosoftPhoto="http://ns.microsoft.com/photo/1.0/"
        ns1:format="image/png" my-app_2:Mode="night" MicrosoftPhoto:Rating="99">
       <ns1:creator><rdf:Seq><rdf:li>Prefixed differently</rdf:li></rdf:Seq></ns1:creator>
       <my-app_2:Owner>Someone</my-app_2:Owner>
       <_u:Under>score</_u:Under>
      </rdf:Description>`);
    const xmp = parseBoth(xml);
    expect(xmp.ns1).toEqual({ format: 'image/png', creator: 'Prefixed differently' });
    // exifr's attribute expression has no '_': the attribute lands under what follows the last '_'.
    expect(xmp['2']).toEqual({ Mode: 'night' });
    expect(xmp['my-app_2']).toEqual({ Owner: 'Someone' });
    expect(xmp.MicrosoftPhoto).toEqual({ Rating: 99 });
    expect(xmp._u).toEqual({ Under: 'score' });
    expect(xmp.dc).toBeUndefined();
  });

  it('entities stay as written (no decoding), in attributes and in element text', () => {
    const xml = wrap(`<rdf:Description rdf:about="" ${xmlns('dc', 'photoshop')} photoshop:Credit="Tom &amp; Jerry &quot;Ltd&quot;">
      <dc:description><rdf:Alt><rdf:li xml:lang="x-default">5 &lt; 6 &#x263A; &#233;t&#xE9;</rdf:li></rdf:Alt></dc:description>
      <photoshop:Headline>R&amp;D</photoshop:Headline>
    </rdf:Description>`);
    const xmp = parseBoth(xml);
    expect(xmp.photoshop).toEqual({ Credit: 'Tom &amp; Jerry &quot;Ltd&quot;', Headline: 'R&amp;D' });
    expect(xmp.dc.description).toEqual({ lang: 'x-default', value: '5 &lt; 6 &#x263A; &#233;t&#xE9;' });
  });

  it('CDATA content is the literal text, markers included, as with exifr', () => {
    const xml = wrap(`<rdf:Description rdf:about="" ${xmlns('dc', 'xmp')}>
      <dc:source><![CDATA[Scan of <b>page 3</b> & more]]></dc:source>
      <xmp:Label>after</xmp:Label>
    </rdf:Description>`);
    const xmp = parseBoth(xml);
    expect(xmp.dc.source).toBe('<![CDATA[Scan of <b>page 3</b> & more]]>');
    expect(xmp.xmp.Label).toBe('after');
  });

  it('CDATA and comments hiding tags: what they hold is not read as properties', () => {
    const xml = wrap(`<rdf:Description rdf:about="" ${xmlns('dc', 'xmp')}>
      <!-- <xmp:Label>commented out</xmp:Label> -->
      <!-- a > b, then <xmp:Nickname>commented out too</xmp:Nickname> -->
      <dc:source><![CDATA[<xmp:Nickname>inside cdata</xmp:Nickname>]]></dc:source>
      <xmp:Label>real</xmp:Label>
    </rdf:Description>`);
    const xmp = parseXmpPacket(xml);
    expect(xmp.xmp).toEqual({ Label: 'real' });
    expect(xmp.dc.source).toBe('<![CDATA[<xmp:Nickname>inside cdata</xmp:Nickname>]]>');
  });

  it("values normalized as exifr does: numbers, booleans, trimmed text; empty and 'null' dropped", () => {
    const xml = wrap(`<rdf:Description rdf:about="" xmlns:t="urn:t"
      t:a="0042" t:b="True" t:c="FALSE" t:d="  padded  " t:e="null" t:f="" t:g="   " t:h="1e3" t:i="0x1F" t:j="-0.5" t:k="undefined" t:l="12 apples">
      <t:m>
        multi-line
        text
      </t:m>
      <t:n>   </t:n>
      <t:o/>
      <t:p></t:p>
    </rdf:Description>`);
    const xmp = parseBoth(xml);
    expect(xmp.t).toEqual({ a: 42, b: true, c: false, d: 'padded', h: 1000, i: 31, j: -0.5, l: '12 apples', m: 'multi-line\n        text' });
    expect(normalizeXmpValue(undefined)).toBeUndefined();
    expect(normalizeXmpValue(' 7 ')).toBe(7);
    expect(normalizeXmpValue('Infinity')).toBe(Infinity);
  });

  it('single quotes, whitespace and newlines between attributes, a > inside a value', () => {
    const xml = wrap(`<rdf:Description\n\trdf:about=''\n\txmlns:dc='${NS.dc}'\n\tdc:format='image/jpeg'\n\tdc:type="a > b"\n/>`);
    const xmp = parseBoth(xml);
    expect(xmp.dc).toEqual({ format: 'image/jpeg', type: 'a > b' });
  });

  it("a closing tag's name is compared as trim() leaves it (blanks, a no-break space); a skipped property without an exact closing tag is read after all", () => {
    const xml = wrap(`<rdf:Description rdf:about="" ${xmlns('dc')}><dc:title dc:lang="en">T</dc:title ><dc:rights>R</ dc:rights\u00a0><dc:format>F</dc:formatx></rdf:Description>`);
    expect(parseXmpPacket(xml).dc).toEqual({ title: { lang: 'en', value: 'T' }, rights: 'R' });
    expect(parseXmpPacket(xml, new Map([['dc', new Set(['rights'])]]))).toEqual({ dc: { rights: 'R' } });
    expect(parseXmpPacket(xml, new Map([['dc', new Set(['title'])]]))).toEqual({ dc: { title: { lang: 'en', value: 'T' } } });
  });

  it('without rdf:Description the whole packet is read as one', () => {
    const xml = `<x:xmpmeta xmlns:x="${NS.x}"><dc:title>No description</dc:title><dc:creator><rdf:Seq><rdf:li>A</rdf:li><rdf:li>B</rdf:li></rdf:Seq></dc:creator></x:xmpmeta>`;
    const xmp = parseBoth(xml);
    expect(xmp.x.xmpmeta).toEqual({ x: NS.x, title: 'No description', creator: ['A', 'B'] });
    const bare = '<dc:title>Bare</dc:title><dc:rights>Mine</dc:rights>';
    expect(parseBoth(bare)).toEqual({ dc: { title: 'Bare', rights: 'Mine' } });
  });

  it('unprefixed elements are see-through; their prefixed children count', () => {
    const xml = wrap(`<rdf:Description rdf:about="" ${xmlns('dc')}><wrapper><dc:title>Inside</dc:title></wrapper><dc:format>x</dc:format></rdf:Description>`);
    expect(parseBoth(xml).dc).toEqual({ title: 'Inside', format: 'x' });
  });

  it('stray < in text is text', () => {
    const xml = wrap(`<rdf:Description rdf:about="" ${xmlns('dc')}><dc:title>5 <3 and a<b</dc:title><dc:format>1/<2</dc:format><dc:type>if a <b then</dc:type></rdf:Description>`);
    expect(parseBoth(xml).dc).toEqual({ title: '5 <3 and a<b', format: '1/<2', type: 'if a <b then' });
  });

  it('empty input and text that is no XML give nothing', () => {
    expect(parseXmpPacket('')).toEqual({});
    expect(parseXmpPacket('just some text, no tags at all')).toEqual({});
    expect(parseXmpPacket('<<<>>></></x:>< />')).toEqual({});
    // A wrapper with no description: read as one, like exifr (only the wrapper's own attributes).
    expect(parseBoth(wrap(''))).toEqual({ x: { xmpmeta: { x: NS.x, xmptk: expect.stringContaining('Adobe XMP Core') as unknown, RDF: { rdf: NS.rdf } } } });
  });

  describe('broken packets: what can be read, as exifr would read it, no throw', () => {
    it('an element whose closing tag is misspelt is see-through: its text is lost, its siblings kept', () => {
      const xml = wrap(`<rdf:Description rdf:about="" ${xmlns('dc')}><dc:title>Lost</dc:titel><dc:format>image/jpeg</dc:format></rdf:Description>`);
      const xmp = parseBoth(xml);
      expect(xmp.dc).toEqual({ format: 'image/jpeg' });
    });

    it('an unclosed list item: the one with a closing tag is the value', () => {
      const xml = wrap(`<rdf:Description rdf:about="" ${xmlns('dc')}><dc:creator><rdf:Seq><rdf:li>A<rdf:li>B</rdf:li></rdf:Seq></dc:creator></rdf:Description>`);
      expect(parseBoth(xml).dc).toEqual({ creator: 'B' });
    });

    it('a closing tag for an element never opened is ignored', () => {
      const xml = wrap(`<rdf:Description rdf:about="" ${xmlns('dc')}></dc:nothing><dc:format>ok</dc:format></rdf:Description>`);
      expect(parseBoth(xml).dc).toEqual({ format: 'ok' });
    });

    it('a packet cut inside a list: the open elements close at the end', () => {
      const xml = wrap(`<rdf:Description rdf:about="" ${xmlns('dc')} dc:format="image/jpeg"><dc:creator><rdf:Seq><rdf:li>Jane</rdf:li><rdf:li>Jo`);
      const cut = xml.slice(0, xml.indexOf('Jo') + 2);
      expect(parseXmpPacket(cut)).toEqual({ xmlns: { dc: NS.dc }, dc: { format: 'image/jpeg', creator: ['Jane', 'Jo'] } });
    });

    it('a packet cut inside a tag or an attribute value keeps what came before', () => {
      const full = wrap(`<rdf:Description rdf:about="" ${xmlns('dc', 'xmp')} xmp:Rating="4"><dc:title>Kept</dc:title><dc:creator><rdf:Seq><rdf:li xml:lang="en">Cut</rdf:li></rdf:Seq></dc:creator></rdf:Description>`);
      for (const marker of ['<dc:crea', '<rdf:li xml:la', '<rdf:li xml:lang="e']) {
        const cut = full.slice(0, full.indexOf(marker) + marker.length);
        const xmp = parseXmpPacket(cut);
        expect(xmp.dc.title).toBe('Kept');
        expect(xmp.xmp).toEqual({ Rating: 4 });
      }
      // Cut inside the description's own attributes: the tag never completes.
      const inAttributes = full.slice(0, full.indexOf('xmp:Rating="4') + 12);
      expect(() => parseXmpPacket(inAttributes)).not.toThrow();
      expect(parseXmpPacket(inAttributes).dc).toBeUndefined();
    });

    it('every truncation of a real packet: no throw, and every property complete before the cut is read in full', () => {
      const full = parseXmpPacket(PHOTOSHOP_PACKET);
      const descriptionOpen = PHOTOSHOP_PACKET.indexOf('>', PHOTOSHOP_PACKET.indexOf('<rdf:Description')) + 1;
      const ends: Array<[string, string, number]> = [];
      for (const [ns, props] of Object.entries(full)) {
        if (ns === 'xmlns') continue;
        for (const name of Object.keys(props)) {
          const close = PHOTOSHOP_PACKET.indexOf(`</${ns}:${name}>`);
          const selfClose = PHOTOSHOP_PACKET.indexOf('/>', PHOTOSHOP_PACKET.indexOf(`<${ns}:${name}`));
          const end = close >= 0 ? close + ns.length + name.length + 4 : PHOTOSHOP_PACKET.includes(`<${ns}:${name}`) ? selfClose + 2 : descriptionOpen;
          ends.push([ns, name, end]);
        }
      }
      expect(ends.length).toBeGreaterThan(15);
      for (let cut = 0; cut <= PHOTOSHOP_PACKET.length; cut++) {
        const xmp = parseXmpPacket(PHOTOSHOP_PACKET.slice(0, cut));
        for (const [ns, name, end] of ends) {
          if (cut >= end) expect([cut, ns, name, xmp[ns]?.[name]]).toEqual([cut, ns, name, full[ns][name]]);
        }
      }
    });

    it('random damage to a real packet never throws', () => {
      let seed = 11;
      const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
      const pieces = ['<', '>', '/', '"', "'", '=', ' ', 'rdf:li', 'rdf:Description', '<!--', ']]>', '<![CDATA[', '<?', 'dc:x'];
      for (let round = 0; round < 400; round++) {
        let xml = PHOTOSHOP_PACKET;
        for (let k = 0; k < 3; k++) {
          const at = Math.floor(random() * xml.length);
          const cut = Math.floor(random() * 20);
          xml = xml.slice(0, at) + pieces[Math.floor(random() * pieces.length)] + xml.slice(at + cut);
        }
        expect(() => parseXmpPacket(xml)).not.toThrow();
      }
    });
  });

  describe('differential: random well-formed packets agree with exifr', () => {
    it('300 packets of random attributes, lists, language alternatives and structures', () => {
      let seed = 20240601;
      const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
      const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
      const prefixes = ['dc', 'xmp', 'Iptc4xmpExt', 'mwg-rs', 'a1', 'my-ns', 'X_Y'];
      const texts = ['Jane', '42', 'true', ' spaced ', '', '0.25', 'R&amp;D', 'null', 'Zürich', '1/3', '2023-01-02T03:04:05Z'];
      let counter = 0;
      const name = () => `${pick(prefixes)}:P${counter++}`;
      const attrs = () => Array.from({ length: Math.floor(random() * 3) }, () => ` ${name()}="${pick(texts)}"`).join('');
      const value = (depth: number): string => {
        const r = random();
        if (depth > 3 || r < 0.35) return pick(texts);
        if (r < 0.6) {
          const list = pick(['Seq', 'Bag', 'Alt']);
          const items = Array.from({ length: 1 + Math.floor(random() * 3) }, () => {
            const lang = list === 'Alt' ? ` xml:lang="${pick(['x-default', 'en-GB', 'de'])}"` : '';
            return `<rdf:li${lang}${random() < 0.2 ? ' rdf:parseType="Resource"' : ''}>${value(depth + 1)}</rdf:li>`;
          });
          return `<rdf:${list}>${items.join('')}</rdf:${list}>`;
        }
        if (r < 0.75) return `<rdf:Description${attrs()}>${property(depth + 1)}</rdf:Description>`;
        return Array.from({ length: 1 + Math.floor(random() * 3) }, () => property(depth + 1)).join('\n');
      };
      const property = (depth: number): string => {
        const n = name();
        return random() < 0.25 ? `<${n}${attrs()}/>` : `<${n}${attrs()}>${value(depth)}</${n}>`;
      };
      for (let i = 0; i < 300; i++) {
        const descriptions = Array.from({ length: 1 + Math.floor(random() * 3) }, () => {
          const props = Array.from({ length: Math.floor(random() * 5) }, () => property(0)).join('\n');
          return `<rdf:Description rdf:about=""${attrs()}>${props}</rdf:Description>`;
        });
        const xml = wrap(descriptions.join('\n'));
        expect([i, parseXmpPacket(xml)]).toEqual([i, exifrXmp(xml)]);
      }
    });
  });

  describe('with a selection', () => {
    const selection: XmpSelection = new Map<string, ReadonlySet<string> | 'all'>([
      ['dc', new Set(['creator', 'title'])],
      ['xmpMM', new Set(['History'])],
      ['exif', 'all'],
    ]);

    it('only the selected properties, read in full; a namespace may be selected whole', () => {
      const xmp = parseXmpPacket(PHOTOSHOP_PACKET, selection);
      const full = parseXmpPacket(PHOTOSHOP_PACKET);
      expect(xmp).toEqual({
        dc: { creator: full.dc.creator, title: full.dc.title },
        xmpMM: { History: full.xmpMM.History },
        exif: full.exif,
      });
    });

    it('a skipped property is skipped to its own closing tag, even when it holds a description or is unclosed', () => {
      const xml = wrap(`<rdf:Description rdf:about="" ${xmlns('dc', 'xmpMM')}>
        <xmpMM:Ingredients><rdf:Bag><rdf:li><rdf:Description dc:title="Not a title"><dc:creator>Nobody</dc:creator></rdf:Description></rdf:li></rdf:Bag></xmpMM:Ingredients>
        <dc:subject>unclosed, not selected
        <dc:creator><rdf:Seq><rdf:li>Real</rdf:li></rdf:Seq></dc:creator>
      </rdf:Description>`);
      expect(parseXmpPacket(xml, selection)).toEqual({ dc: { creator: 'Real' } });
      expect(parseXmpPacket(xml).dc).toEqual({ creator: 'Real' });
    });

    it('inside a selected property, everything is read, nested descriptions included', () => {
      const xml = wrap(`<rdf:Description rdf:about="" ${xmlns('mwg-rs', 'stArea', 'dc')}>
        <dc:rights>not selected</dc:rights>
        <mwg-rs:Regions rdf:parseType="Resource"><mwg-rs:RegionList><rdf:Bag><rdf:li><rdf:Description mwg-rs:Type="Face">
          <mwg-rs:Name>Ada</mwg-rs:Name><mwg-rs:Area stArea:x="0.5" stArea:y="0.25"/><dc:rights>nested, read</dc:rights>
        </rdf:Description></rdf:li></rdf:Bag></mwg-rs:RegionList></mwg-rs:Regions>
      </rdf:Description>`);
      const regions = { parseType: 'Resource', RegionList: { Type: 'Face', Name: 'Ada', Area: { x: 0.5, y: 0.25 }, rights: 'nested, read' } };
      expect(parseXmpPacket(xml, new Map([['mwg-rs', new Set(['Regions'])]]))).toEqual({ 'mwg-rs': { Regions: regions } });
      expect(parseBoth(xml)['mwg-rs'].Regions).toEqual(regions);
    });

    it("collectXmp's selection (parseXmp) gives what exifr gives for the properties it reads", () => {
      const xmp = parseXmp(PHOTOSHOP_PACKET);
      const reference = exifrXmp(PHOTOSHOP_PACKET);
      expect(xmp.exif).toEqual({ GPSLatitude: reference.exif.GPSLatitude, GPSLongitude: reference.exif.GPSLongitude, GPSAltitude: reference.exif.GPSAltitude });
      expect(xmp.xmpMM.History).toEqual(reference.xmpMM.History);
      expect(xmp.xmpMM.DerivedFrom).toEqual(reference.xmpMM.DerivedFrom);
      expect(xmp.dc.creator).toEqual(reference.dc.creator);
      expect(xmp.photoshop?.ColorMode).toBeUndefined();
      for (const [ns, props] of Object.entries(xmp)) for (const [key, value] of Object.entries(props)) expect([ns, key, value]).toEqual([ns, key, reference[ns][key]]);
    });
  });
});
