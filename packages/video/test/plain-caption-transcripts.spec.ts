import { AccountsService } from '@quarry/accounts';
import { startPlatformStandIns, type PlatformStandIns } from '@quarry/testing';
import { runVideoJob } from './support/run-video-job';
import { createVideoTestContext, type VideoTestContext } from './support/video-test-module';

/** YouTube ids of videos whose uploaded tracks carry markup, each in one format as YouTube sends it. */
const YT = { srv1: 'mArKuPsRv01', srv3: 'mArKuPsRv03', json3: 'mArKuPjSoN3', cached: 'oLdCaChE001' };
const TIKTOK_ID = '7301234567890120001';

const SRV1 =
  '<?xml version="1.0" encoding="utf-8" ?><transcript>' +
  '<text start="1.2" dur="2.3">this is &lt;i&gt;not&lt;/i&gt; the original transcript</text>' +
  '<text start="3.5" dur="2">it&amp;#39;s &lt;font color=&quot;#E5E5E5&quot;&gt;&amp;quot;quoted&amp;quot;&lt;/font&gt; &amp;amp; fine</text>' +
  '<text start="5.5" dur="1">&lt;i&gt;&lt;/i&gt;</text>' +
  '</transcript>';
const SRV3 =
  '<?xml version="1.0" encoding="utf-8" ?><timedtext format="3">\n<head>\n<pen id="1" fc="#FEFEFE"/>\n</head>\n<body>\n' +
  '<p t="1200" d="2300" w="1"><s ac="0">this</s><s t="240" ac="0"> is &lt;i&gt;not&lt;/i&gt;</s><s t="480" ac="0"> the original transcript</s></p>\n' +
  '<p t="3500" d="2000" w="1">it&#39;s &lt;font color="#E5E5E5"&gt;&quot;quoted&quot;&lt;/font&gt; &amp;amp; fine</p>\n' +
  '<p t="5500" d="1000" w="1">&lt;i&gt;&lt;/i&gt;</p>\n' +
  '</body>\n</timedtext>';
const JSON3 = JSON.stringify({
  wireMagic: 'pb3',
  events: [
    { tStartMs: 0, dDurationMs: 6500, id: 1, wpWinPosId: 1, wsWinStyleId: 1 },
    {
      tStartMs: 1200,
      dDurationMs: 2300,
      wWinId: 1,
      segs: [{ utf8: 'this is <i>not</i>' }, { utf8: ' the original transcript' }],
    },
    {
      tStartMs: 3500,
      dDurationMs: 2000,
      wWinId: 1,
      segs: [{ utf8: 'it&#39;s <font color="#E5E5E5">"quoted"</font> &amp; fine' }],
    },
    { tStartMs: 5500, dDurationMs: 1000, wWinId: 1, segs: [{ utf8: '<i></i>' }] },
  ],
});
const VTT =
  'WEBVTT\n\n00:00:01.200 --> 00:00:03.500\nthis is &lt;i&gt;not&lt;/i&gt; the <c.colorE5E5E5>original</c> transcript\n\n' +
  '00:00:03.500 --> 00:00:05.500\n<v Ana>it&#39;s <b>&quot;quoted&quot;</b></v> &amp;&nbsp;<00:00:04.500>fine\n\n' +
  '00:00:05.500 --> 00:00:06.500\n<u> </u>\n';

const PLAIN = {
  text: 'this is not the original transcript it\'s "quoted" & fine',
  segments: [
    { text: 'this is not the original transcript', startMs: 1200, durationMs: 2300 },
    { text: 'it\'s "quoted" & fine', startMs: 3500, durationMs: 2000 },
  ],
};

jest.setTimeout(60_000);

describe('caption transcripts are plain text', () => {
  let standIns: PlatformStandIns;
  let context: VideoTestContext;
  let accountId: string;

  beforeAll(async () => {
    const track = (format: 'srv1' | 'srv3' | 'json3', body: string) => ({
      lengthSeconds: 7,
      captions: [{ languageCode: 'en', format, cues: [], body }],
    });
    standIns = await startPlatformStandIns({
      youtube: {
        videos: {
          [YT.srv1]: track('srv1', SRV1),
          [YT.srv3]: track('srv3', SRV3),
          [YT.json3]: track('json3', JSON3),
          [YT.cached]: track('srv1', SRV1),
        },
      },
      tiktok: {
        videos: { [TIKTOK_ID]: { duration: 7, subtitles: [{ languageCodeName: 'eng-US', body: VTT }] } },
      },
    });
    context = await createVideoTestContext({
      engine: { database: 'sqlite', queue: 'database' },
      allowHosts: [],
      options: { origins: standIns.origins },
    });
    ({ id: accountId } = await context.moduleRef.get(AccountsService).create('captions@example.com', 20));
  });

  afterAll(async () => {
    await context?.close();
    await standIns?.close();
  });

  const cachedValues = async (platformId: string): Promise<string[]> =>
    (
      await context.database.dataSource.query<{ value: string }[]>(
        'SELECT value FROM quarry_video_transcripts WHERE platform_id = ?',
        [platformId],
      )
    ).map((row) => row.value);

  it.each(Object.entries({ srv1: YT.srv1, srv3: YT.srv3, json3: YT.json3 }))(
    'YouTube %s: tags removed, entities decoded, empty cues dropped, and cached so',
    async (_format, id) => {
      const job = await runVideoJob(context, accountId, { url: `https://www.youtube.com/watch?v=${id}` });
      expect(job.result?.transcript).toMatchObject(PLAIN);
      const values = await cachedValues(id);
      expect(values.length).toBeGreaterThan(0);
      for (const value of values) expect(JSON.parse(value).transcript).toMatchObject(PLAIN);
    },
  );

  it('TikTok WebVTT: class, voice and timestamp tags removed, entities decoded', async () => {
    const job = await runVideoJob(context, accountId, {
      url: `https://www.tiktok.com/@chef.ana/video/${TIKTOK_ID}`,
    });
    expect(job.result?.transcript).toMatchObject(PLAIN);
  });

  it('reads a transcript cached with its markup by an earlier version as plain text', async () => {
    const url = `https://www.youtube.com/watch?v=${YT.cached}`;
    await runVideoJob(context, accountId, { url });
    const [value] = await cachedValues(YT.cached);
    const stored = JSON.parse(value);
    stored.transcript.segments = [
      { text: 'this is <i>not</i> the original transcript', startMs: 1200, durationMs: 2300 },
      { text: 'it&#39;s <font color="#E5E5E5">"quoted"</font> &amp; fine', startMs: 3500, durationMs: 2000 },
      { text: '<i> </i>', startMs: 5500, durationMs: 1000 },
    ];
    stored.transcript.text = stored.transcript.segments
      .map((segment: { text: string }) => segment.text)
      .join(' ');
    await context.database.dataSource.query(
      'UPDATE quarry_video_transcripts SET value = ? WHERE platform_id = ?',
      [JSON.stringify(stored), YT.cached],
    );
    const again = await runVideoJob(context, accountId, { url });
    expect(again.result).toMatchObject({ cached: true, transcript: PLAIN });
  });
});
