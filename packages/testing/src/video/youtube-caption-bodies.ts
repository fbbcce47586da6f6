import { escapeHtml, escapeXml } from './stand-in-server';

/** One cue as a viewer reads it: plain text (any character), its time and length in ms. */
export interface StandInCue {
  text: string;
  startMs: number;
  durationMs: number;
  /** Shown in italics: srv1 carries an `<i>` element, srv3 a pen. */
  italic?: boolean;
}

export type YouTubeCaptionFormat = 'srv1' | 'srv3' | 'json3';

/** The body YouTube's timedtext endpoint sends for `fmt` (none: srv1, the default). */
export function timedTextBody(format: YouTubeCaptionFormat, cues: StandInCue[]): string {
  if (format === 'json3') return json3(cues);
  if (format === 'srv3') return srv3(cues);
  return srv1(cues);
}

/** srv1: the text is HTML (entities, markup) escaped once more as XML, seconds as decimals. */
function srv1(cues: StandInCue[]): string {
  const texts = cues.map((cue) => {
    const html = cue.italic ? `<i>${escapeHtml(cue.text)}</i>` : escapeHtml(cue.text);
    return `<text start="${seconds(cue.startMs)}" dur="${seconds(cue.durationMs)}">${escapeXml(html)}</text>`;
  });
  return `<?xml version="1.0" encoding="utf-8" ?><transcript>${texts.join('')}</transcript>`;
}

/** srv3: milliseconds, each word in an `<s>` with its offset, escaped once as XML. */
function srv3(cues: StandInCue[]): string {
  const paragraphs = cues.map((cue) => {
    const words = cue.text.split(' ').map((word, index) => {
      const offset = index === 0 ? '' : ` t="${index * 240}"`;
      return `<s${offset} ac="0">${escapeXml(index === 0 ? word : ` ${word}`)}</s>`;
    });
    const pen = cue.italic ? ' p="2"' : '';
    return `<p t="${cue.startMs}" d="${cue.durationMs}" w="1"${pen}>${words.join('')}</p>`;
  });
  return (
    '<?xml version="1.0" encoding="utf-8" ?><timedtext format="3">\n<head>\n' +
    '<pen id="1" fc="#FEFEFE"/><pen id="2" i="1"/><ws id="0"/><ws id="1" mh="2" ju="0" sd="3"/>' +
    '<wp id="0"/><wp id="1" ap="6" ah="20" av="100" rc="2" cc="40"/>\n</head>\n<body>\n' +
    `<w t="0" id="1" wp="1" ws="1"/>\n${paragraphs.join('\n')}\n</body>\n</timedtext>`
  );
}

/** json3: a window event, then one event per cue with its words as segs, a line break between. */
function json3(cues: StandInCue[]): string {
  const last = cues.at(-1);
  const events: unknown[] = [
    {
      tStartMs: 0,
      dDurationMs: last ? last.startMs + last.durationMs : 0,
      id: 1,
      wpWinPosId: 1,
      wsWinStyleId: 1,
    },
  ];
  for (const cue of cues) {
    const segs = cue.text.split(' ').map((word, index) => ({
      utf8: index === 0 ? word : ` ${word}`,
      ...(index === 0 ? {} : { tOffsetMs: index * 240, acAsrConf: 0 }),
    }));
    events.push({ tStartMs: cue.startMs, dDurationMs: cue.durationMs, wWinId: 1, segs });
    events.push({ tStartMs: cue.startMs + cue.durationMs, wWinId: 1, aAppend: 1, segs: [{ utf8: '\n' }] });
  }
  return JSON.stringify({
    wireMagic: 'pb3',
    pens: [{}],
    wsWinStyles: [{}, {}],
    wpWinPositions: [{}, {}],
    events,
  });
}

function seconds(ms: number): string {
  return String(ms / 1000);
}
