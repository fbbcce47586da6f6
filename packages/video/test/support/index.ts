export * from './stand-in-server';
export * from './youtube-caption-bodies';
export * from './youtube-stand-in';
export * from './tiktok-stand-in';
export * from './instagram-stand-in';
export * from './platform-stand-ins';
export * from './media-files';
