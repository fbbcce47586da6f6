import { parseYouTubeTimedText } from './youtube-timed-text';

describe('parseYouTubeTimedText', () => {
  it('reads srv1: seconds, double-escaped entities and escaped markup', () => {
    const body =
      '<?xml version="1.0" encoding="utf-8" ?><transcript>' +
      '<text start="0.24" dur="3.1">it&amp;#39;s &amp;quot;fine&amp;quot; &amp;amp; good</text>' +
      '<text start="3.34" dur="2.5">&lt;font color=&quot;#E5E5E5&quot;&gt;coloured&lt;/font&gt; words\nover two lines</text>' +
      '<text start="5.84" dur="1">   </text>' +
      '<text start="6.84"/>' +
      '<text start="7" dur="1.25">1 &amp;lt; 2</text>' +
      '</transcript>';
    expect(parseYouTubeTimedText(body)).toEqual([
      { text: 'it\'s "fine" & good', startMs: 240, durationMs: 3100 },
      { text: 'coloured words over two lines', startMs: 3340, durationMs: 2500 },
      { text: '1 < 2', startMs: 7000, durationMs: 1250 },
    ]);
  });

  it('reads srv3: milliseconds, words in <s> children, entities, empty paragraphs dropped', () => {
    const body =
      '<?xml version="1.0" encoding="utf-8" ?><timedtext format="3"><head>' +
      '<pen id="1" fc="#FEFEFE"/><ws id="0"/><wp id="0"/></head><body>' +
      '<w t="0" id="1" wp="1" ws="1"/>' +
      '<p t="80" d="2960" w="1"><s ac="0">we&#39;re</s><s t="320" ac="0"> going</s><s t="640" ac="0"> on</s></p>' +
      '<p t="2000" d="1040" w="1" a="1">\n</p>' +
      '<p t="3040" d="1500"/>' +
      '<p t="3050" d="2000" w="1">Tom &amp; Jerry<br/>again</p>' +
      '</body></timedtext>';
    expect(parseYouTubeTimedText(body)).toEqual([
      { text: "we're going on", startMs: 80, durationMs: 2960 },
      { text: 'Tom & Jerry again', startMs: 3050, durationMs: 2000 },
    ]);
  });

  it('reads json3: events with segs, windows and line-break events dropped', () => {
    const body = JSON.stringify({
      wireMagic: 'pb3',
      pens: [{}],
      wsWinStyles: [{}],
      wpWinPositions: [{}],
      events: [
        { tStartMs: 0, dDurationMs: 5000, id: 1, wpWinPosId: 1, wsWinStyleId: 1 },
        {
          tStartMs: 120,
          dDurationMs: 2800,
          wWinId: 1,
          segs: [{ utf8: 'hello' }, { utf8: ' world', tOffsetMs: 400 }],
        },
        { tStartMs: 2920, wWinId: 1, aAppend: 1, segs: [{ utf8: '\n' }] },
        { tStartMs: 2930, dDurationMs: 1000, segs: [{ utf8: '1 < 2 > 0' }] },
      ],
    });
    expect(parseYouTubeTimedText(body)).toEqual([
      { text: 'hello world', startMs: 120, durationMs: 2800 },
      { text: '1 < 2 > 0', startMs: 2930, durationMs: 1000 },
    ]);
  });

  describe('markup an uploaded track carries in its text, as YouTube sends it', () => {
    const plain = [
      { text: 'this is not the original transcript', startMs: 1200, durationMs: 2300 },
      { text: 'it\'s "quoted" & bold, 1 < 2', startMs: 3500, durationMs: 2000 },
      { text: 'coloured words', startMs: 5500, durationMs: 1500 },
    ];

    it('srv1: markup escaped once as XML, entities twice', () => {
      const body =
        '<?xml version="1.0" encoding="utf-8" ?><transcript>' +
        '<text start="1.2" dur="2.3">this is &lt;i&gt;not&lt;/i&gt; the original transcript</text>' +
        '<text start="3.5" dur="2">it&amp;#39;s &lt;b&gt;&amp;quot;quoted&amp;quot; &amp;amp; bold&lt;/b&gt;, 1 &amp;lt; 2</text>' +
        '<text start="5.5" dur="1.5">&lt;font color=&quot;#E5E5E5&quot;&gt;coloured&lt;/font&gt;&amp;nbsp; words</text>' +
        '<text start="7" dur="1">&lt;i&gt; &lt;/i&gt;</text>' +
        '</transcript>';
      expect(parseYouTubeTimedText(body)).toEqual(plain);
    });

    it('srv3: markup escaped as XML inside the paragraph and its words', () => {
      const body =
        '<?xml version="1.0" encoding="utf-8" ?><timedtext format="3"><head><pen id="1"/></head><body>\n' +
        '<p t="1200" d="2300">this is &lt;i&gt;not&lt;/i&gt; the original transcript</p>\n' +
        '<p t="3500" d="2000"><s>it&#39;s</s><s t="200"> &lt;b&gt;&quot;quoted&quot;</s><s t="400"> &amp;amp; bold&lt;/b&gt;, 1 &amp;lt; 2</s></p>\n' +
        '<p t="5500" d="1500">&lt;font color="#E5E5E5"&gt;coloured&lt;/font&gt;\nwords</p>\n' +
        '<p t="7000" d="1000">&lt;u&gt;&lt;/u&gt;</p>\n' +
        '</body></timedtext>';
      expect(parseYouTubeTimedText(body)).toEqual(plain);
    });

    it('json3: markup and entities as the segs spell them', () => {
      const body = JSON.stringify({
        wireMagic: 'pb3',
        events: [
          {
            tStartMs: 1200,
            dDurationMs: 2300,
            segs: [{ utf8: 'this is <i>not</i> the original transcript' }],
          },
          {
            tStartMs: 3500,
            dDurationMs: 2000,
            segs: [{ utf8: 'it&#39;s <b>&quot;quoted&quot;' }, { utf8: ' &amp; bold</b>, 1 < 2' }],
          },
          {
            tStartMs: 5500,
            dDurationMs: 1500,
            segs: [{ utf8: '<font color="#E5E5E5">coloured</font>\nwords' }],
          },
          { tStartMs: 7000, dDurationMs: 1000, segs: [{ utf8: '<i></i>' }] },
        ],
      });
      expect(parseYouTubeTimedText(body)).toEqual(plain);
    });
  });

  it('refuses a body in no known format', () => {
    expect(() => parseYouTubeTimedText('<html>Sorry</html>')).toThrow('not srv1, srv3 or json3');
    expect(() => parseYouTubeTimedText('')).toThrow();
  });
});
