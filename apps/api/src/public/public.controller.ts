import { Controller, Get, Headers, Inject, Param, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { LegalLibrary } from '@app/domain/public-info/legal-library.port';
import { NotFound } from '@app/domain/shared/domain-error';
import { AppConfig } from '@app/infra/config/app-config';
import { CacheableReply, sendCacheable } from '../common/cacheable';
import { Public } from '../common/decorators';
import { APP_CONFIG } from '../core/tokens';
import { presentAppVersion, presentLegalArticle, presentLegalSummary } from '@app/contract/public/public.presenter';

/**
 * What the apps read without signing in (also when the account is suspended): the versions they must or
 * should update to, and the policies. Answers are cacheable (ETag, 304 on If-None-Match).
 */
@ApiTags('public')
@Controller('v1')
@Public()
export class PublicController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly legal: LegalLibrary,
  ) {}

  @Get('app/version')
  @ApiOperation({ summary: 'Latest and minimum app versions per platform, store URLs and update messages' })
  version(@Headers('if-none-match') ifNoneMatch: string | undefined, @Res() reply: CacheableReply): void {
    sendCacheable(reply, ifNoneMatch, presentAppVersion(this.config.appVersion));
  }

  @Get('legal')
  @ApiOperation({ summary: 'The policies: privacy, terms, security, refund, delete-account' })
  list(@Headers('if-none-match') ifNoneMatch: string | undefined, @Res() reply: CacheableReply): void {
    sendCacheable(reply, ifNoneMatch, { policies: this.legal.list().map(presentLegalSummary), total: this.legal.list().length });
  }

  @Get('legal/:id')
  @ApiOperation({ summary: 'One policy as markdown' })
  article(@Param('id') id: string, @Headers('if-none-match') ifNoneMatch: string | undefined, @Res() reply: CacheableReply): void {
    const article = this.legal.find(id);
    if (!article) throw NotFound.of('Policy', id);
    sendCacheable(reply, ifNoneMatch, presentLegalArticle(article));
  }
}
