import { Module } from '@nestjs/common';
import { MarkdownService } from './markdown.service';

/** Markdown rendering and sanitising, for every module that turns user text into HTML. */
@Module({ providers: [MarkdownService], exports: [MarkdownService] })
export class MarkdownModule {}
