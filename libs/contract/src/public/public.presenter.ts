import { AppVersionInfo, PlatformVersion } from '@app/domain/public-info/app-version';
import { LegalArticle } from '@app/domain/public-info/legal-library.port';

const platform = (p: PlatformVersion) => ({ latest: p.latest, min: p.min, store_url: p.storeUrl });

export function presentAppVersion(info: AppVersionInfo) {
  return { android: platform(info.android), ios: platform(info.ios), message: info.message, force_message: info.forceMessage };
}

export function presentLegalSummary(a: LegalArticle) {
  return { id: a.id, title: a.title, updated_at: a.updatedAt };
}

export function presentLegalArticle(a: LegalArticle) {
  return { ...presentLegalSummary(a), body: a.body };
}
