import { eventually, processTree } from '@quarry/testing';
import { readFileSync } from 'node:fs';
import { VideoError } from '../../domain/video.error';
import { MediaToolFailure, runMediaTool } from './media-tool';

function childCommands(): string[] {
  return processTree(process.pid)
    .filter((pid) => pid !== process.pid)
    .map((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
      } catch {
        return '';
      }
    });
}

describe('runMediaTool', () => {
  it('returns what the tool printed', async () => {
    expect(await runMediaTool('ffprobe', ['-version'])).toMatch(/^ffprobe version/);
  });

  it("explains a failure with ffmpeg's own words, paths shortened to file names", async () => {
    const failure = await runMediaTool('ffmpeg', [
      '-v',
      'error',
      '-i',
      '/nonexistent/dir/talk.mp4',
      '-f',
      'null',
      '-',
    ]).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(MediaToolFailure);
    expect((failure as MediaToolFailure).reason).toBe('talk.mp4: No such file or directory');
  });

  it('kills the process when the signal aborts, and settles only once it has exited', async () => {
    const controller = new AbortController();
    const reason = new Error('job cancelled');
    // Ten minutes of a tone, read at its own pace: it runs until killed.
    const args = ['-nostdin', '-re', '-f', 'lavfi', '-i', 'sine=duration=600', '-f', 'null', '-'];

    const running = runMediaTool('ffmpeg', args, controller.signal);
    const spawned = () => childCommands().some((command) => command.includes('sine=duration=600'));
    await eventually(spawned);
    controller.abort(reason);

    await expect(running).rejects.toBe(reason);
    expect(spawned()).toBe(false);
  });

  it('names how to install ffmpeg when the binary is missing', async () => {
    const error = await runMediaTool('/nonexistent/ffmpeg', ['-version']).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(VideoError);
    expect(error).toMatchObject({ code: 'TRANSCRIPTION_FAILED', transient: false });
    expect((error as VideoError).message).toContain('apt-get install -y ffmpeg');
  });
});
