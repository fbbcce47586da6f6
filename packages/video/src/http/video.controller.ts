import { Controller, HttpCode, Post } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiNotImplementedResponse,
  ApiOperation,
  ApiPaymentRequiredResponse,
  ApiTags,
} from '@nestjs/swagger';
import {
  CurrentAccount,
  CurrentApiKey,
  GuardedRoutes,
  JobStatusController,
  MeteredRoute,
  NotImplementedErrorBodyDto,
  PaymentRequiredErrorBodyDto,
  QuarryBody,
  QuarryHttp,
  ValidationErrorBodyDto,
} from '@quarry/http';
import { VideoJobsService } from '../jobs/video-jobs.service';
import { VideoJobAcceptedDto, VideoJobDto, videoJobView } from './dto/video-job.dto';
import { VideoProcessRequestDto } from './dto/video-request.dto';

@ApiTags('video')
@Controller('video')
@QuarryHttp()
@GuardedRoutes()
export class VideoController extends JobStatusController({
  summary: "A video job's state and progress, and its result or error once finished",
  type: VideoJobDto,
  view: videoJobView,
}) {
  constructor(override readonly jobs: VideoJobsService) {
    super();
  }

  @Post('process')
  @HttpCode(202)
  @MeteredRoute()
  @ApiOperation({
    summary:
      "Queue a video's transcript: poll the job, or receive it at callbackUrl signed with Standard Webhooks (1 credit from captions or the cache, 4 per started audio minute generated; charged on success only)",
  })
  @ApiAcceptedResponse({ type: VideoJobAcceptedDto })
  @ApiBadRequestResponse({
    type: ValidationErrorBodyDto,
    description:
      'Invalid body, a url that is not a public YouTube, Instagram or TikTok video URL (details.url names the platforms), or a callbackUrl that is not public http(s).',
  })
  @ApiPaymentRequiredResponse({
    type: PaymentRequiredErrorBodyDto,
    description:
      'The balance cannot hold the least the transcript can cost (1 credit by default), which stays held until the job ends.',
  })
  @ApiNotImplementedResponse({
    type: NotImplementedErrorBodyDto,
    description: 'This app has no job queue.',
  })
  async process(
    @CurrentAccount() accountId: string,
    @CurrentApiKey() apiKeyId: string | undefined,
    @QuarryBody() body: VideoProcessRequestDto,
  ): Promise<VideoJobAcceptedDto> {
    const job = await this.jobs.submit(accountId, body, apiKeyId);
    return { jobId: job.id, status: 'queued' };
  }
}
