import { Test } from '@nestjs/testing';
import { AccountsModule } from '@quarry/accounts';
import { MissingModuleRequirementError, QuarryCoreModule } from '@quarry/core';
import { QuarryDataSourceModule } from '@quarry/persistence';
import { DatabaseQueueModule } from '@quarry/queue-db';
import { NetModule } from '@quarry/net';
import { createTestDatabase, TestDatabase, testDataSourceModule } from '@quarry/testing';
import { VideoHttpModule, VideoJobsService, VideoModule } from '../src';
import { VIDEO_SETTINGS, type VideoSettings } from '../src/video-options.interface';
import { VideoController } from '../src/http/video.controller';
import { videoSchema } from './support/video-test-module';

describe('VideoModule', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite', videoSchema);
  });
  afterAll(() => database?.destroy());

  const imports = () => [
    testDataSourceModule(database.dataSource),
    QuarryCoreModule,
    QuarryDataSourceModule,
    DatabaseQueueModule.forRoot({}),
    NetModule.forRoot({}),
    AccountsModule.forRoot({}),
  ];

  it('forRoot applies the documented defaults over the options given', async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [...imports(), VideoModule.forRoot({ captionPrice: 2 })],
    }).compile();
    expect(moduleRef.get<VideoSettings>(VIDEO_SETTINGS)).toMatchObject({
      captionPrice: 2,
      cachedPrice: 1,
      generatedPricePerMinute: 4,
      maxDurationSeconds: 10_800,
      jobRetentionMs: 86_400_000,
    });
    await moduleRef.close();
  });

  it('forRootAsync takes its options from a factory', async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [
        ...imports(),
        VideoModule.forRootAsync({ useFactory: async () => ({ maxDurationSeconds: 600 }) }),
      ],
    }).compile();
    expect(moduleRef.get<VideoSettings>(VIDEO_SETTINGS).maxDurationSeconds).toBe(600);
    await moduleRef.close();
  });

  it.each([
    [{ cachedPrice: -1 }, /cachedPrice must be an integer >= 0/],
    [{ origins: { youtube: 'ftp://127.0.0.1:9000' } }, /origins: youtube must be an http\(s\) origin/],
    [
      { stt: { url: 'file:///tmp/whisper', model: 'whisper-1' } },
      /VideoModule stt: option url must be an http\(s\) URL/,
    ],
  ])('fails the boot on the invalid option %j, naming it', async (options, message) => {
    const compiling = Test.createTestingModule({
      imports: [...imports(), VideoModule.forRootAsync({ useFactory: () => options })],
    }).compile();
    await expect(compiling).rejects.toThrow(message);
  });

  it('fails the boot naming how to install ffmpeg when a provider is configured and ffmpeg cannot run', async () => {
    const compiling = Test.createTestingModule({
      imports: [
        ...imports(),
        VideoModule.forRoot({
          stt: { url: 'http://127.0.0.1:9', model: 'whisper-1' },
          ffmpegPath: '/nonexistent/ffmpeg',
        }),
      ],
    }).compile();
    await expect(compiling).rejects.toThrow(/ffmpeg was not found.*apt-get install -y ffmpeg/s);
  });

  it('serves VideoHttpModule.forRoot({ imports }) from the one registration it is given', async () => {
    const video = VideoModule.forRoot({ isGlobal: false });
    const moduleRef = await Test.createTestingModule({
      imports: [...imports(), video, VideoHttpModule.forRoot({ imports: [video] })],
    }).compile();
    const services = moduleRef.get(VideoJobsService, { strict: false, each: true });
    expect(services).toHaveLength(1);
    expect(moduleRef.get(VideoController, { strict: false })).toHaveProperty('jobs', services[0]);
    await moduleRef.close();
  });

  it('fails the boot naming each missing piece and what to import', async () => {
    const compiling = Test.createTestingModule({ imports: [VideoModule.forRoot({})] }).compile();
    await expect(compiling).rejects.toThrow(MissingModuleRequirementError);
    await expect(compiling).rejects.toThrow(
      new RegExp(
        [
          'VideoModule cannot start',
          "Quarry's DataSource: import QuarryDataSourceModule",
          'TypeOrmModule\\.forRoot\\(\\)',
          'Clock and IdGenerator',
          'NetModule\\.forRoot\\(\\)',
        ].join('[\\s\\S]*'),
      ),
    );
  });
});
