import { ConfigurableModuleBuilder } from '@nestjs/common';
import { applyQuarryModuleExtras, QUARRY_MODULE_EXTRAS } from '@quarry/core';
import { VideoModuleOptions } from './video-options.interface';

export const { ConfigurableModuleClass, MODULE_OPTIONS_TOKEN: VIDEO_MODULE_OPTIONS } =
  new ConfigurableModuleBuilder<VideoModuleOptions>({ moduleName: 'Video' })
    .setClassMethodName('forRoot')
    .setExtras(QUARRY_MODULE_EXTRAS, applyQuarryModuleExtras)
    .build();
