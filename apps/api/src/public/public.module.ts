import { Module } from '@nestjs/common';
import { LegalLibrary } from '@app/domain/public-info/legal-library.port';
import { MarkdownLegalLibrary } from '@app/infra/legal/markdown-legal-library';
import { PublicController } from './public.controller';

@Module({
  controllers: [PublicController],
  providers: [{ provide: LegalLibrary, useFactory: () => new MarkdownLegalLibrary() }],
})
export class PublicModule {}
