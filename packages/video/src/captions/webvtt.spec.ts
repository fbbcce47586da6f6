import { parseWebVtt } from './webvtt';

describe('parseWebVtt', () => {
  it('reads cues with identifiers, hours, settings, multi-line text, tags and entities', () => {
    const body = [
      'WEBVTT Kind: captions',
      'Language: en',
      '',
      'NOTE this file was made by hand',
      'and spans two lines',
      '',
      'STYLE',
      '::cue { color: yellow }',
      '',
      '1',
      '00:00:00.120 --> 00:00:02.360 align:start position:10%',
      '<v Roger>Hello &amp; welcome</v>',
      'to the <c.yellow>show</c>',
      '',
      '00:02.400 --> 00:04.000',
      'Fish &lt;3 &nbsp;chips',
      '',
      'empty-cue',
      '00:04.000 --> 00:05.000',
      '<i> </i>',
      '',
      '01:00:01.000 --> 01:00:02.500',
      '<00:00:01.000>karaoke <00:00:01.500>words',
      '',
    ].join('\r\n');
    expect(parseWebVtt(body)).toEqual([
      { text: 'Hello & welcome to the show', startMs: 120, durationMs: 2240 },
      { text: 'Fish <3 chips', startMs: 2400, durationMs: 1600 },
      { text: 'karaoke words', startMs: 3_601_000, durationMs: 1500 },
    ]);
  });

  it('removes formatting markup, escaped or not, and decodes every entity', () => {
    const body = [
      'WEBVTT',
      '',
      '00:00:01.200 --> 00:00:03.500',
      'this is <i>not</i> the <b>original</b> <u>transcript</u>',
      '',
      '00:00:03.500 --> 00:00:05.500',
      '<font color="#E5E5E5">it&#39;s</font> &quot;<v.loud Ana>quoted</v>&quot; &amp; <lang fr>très</lang> bien',
      '',
      '00:00:05.500 --> 00:00:07.000',
      'this is &lt;i&gt;escaped&lt;/i&gt;&nbsp;markup, 1 &lt; 2',
      '',
      '00:00:07.000 --> 00:00:08.000',
      '&lt;b&gt;&lt;/b&gt;',
      '',
    ].join('\n');
    expect(parseWebVtt(body)).toEqual([
      { text: 'this is not the original transcript', startMs: 1200, durationMs: 2300 },
      { text: 'it\'s "quoted" & très bien', startMs: 3500, durationMs: 2000 },
      { text: 'this is escaped markup, 1 < 2', startMs: 5500, durationMs: 1500 },
    ]);
  });

  it('ignores a REGION block and a BOM', () => {
    const body = '\uFEFFWEBVTT\n\nREGION\nid:fred\nwidth:40%\n\n00:01.000 --> 00:02.000 region:fred\nhi\n';
    expect(parseWebVtt(body)).toEqual([{ text: 'hi', startMs: 1000, durationMs: 1000 }]);
  });

  it('drops a cue with a malformed timing', () => {
    expect(parseWebVtt('WEBVTT\n\n00:01 --> 00:02\nbad\n\n00:03.000 --> 00:04.000\ngood')).toEqual([
      { text: 'good', startMs: 3000, durationMs: 1000 },
    ]);
  });
});
