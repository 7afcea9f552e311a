import { Suspense } from 'react';
import { Outlet, useLoaderData, useLocation } from 'react-router-dom';
import type { layoutLoader } from '../app/loaders';
import { PageSkeleton } from '../shared/PageSkeleton';
import { BannerAd, PUSHED_CLASS } from './banner/BannerAd';
import { ErrorBoundary } from './ErrorBoundary';
import { ErrorModalHost } from './errors/ErrorModalHost';
import { Footer } from './Footer';
import { Header } from './Header';
import { pageRules } from './pageRules';
import { PartnerStrip } from './partners/PartnerStrip';
import { useSiteSettings } from './useSiteSettings';

/** Header, content, partner strip and footer around every page, 1000px wide and centred. */
export const SiteLayout = () => {
  const { pathname } = useLocation();
  const rules = pageRules(pathname);
  const layout = useLoaderData<typeof layoutLoader>();
  const settings = useSiteSettings();
  return (
    <div className="site">
      <a href="#main-content" className="skip-link">
        跳到主要内容
      </a>
      <BannerAd banners={layout.banners} />
      {/* Everything the banner ad moves down while it is open. */}
      <div className={PUSHED_CLASS} data-testid="site-pushed">
        <Header
          showMenu={rules.showMenu}
          showTelephone={rules.showTelephone}
          hotline={settings?.hotline}
          logoImage={settings?.logoImage}
          certificationUrl={settings?.certificationUrl}
        />
        <main id="main-content" className="site-width site-main" tabIndex={-1}>
          <ErrorBoundary key={pathname}>
            <Suspense fallback={<PageSkeleton />}>
              <Outlet />
            </Suspense>
          </ErrorBoundary>
        </main>
        {rules.showPartners && (
          <div className="site-width">
            <PartnerStrip partners={layout.partners} />
          </div>
        )}
        <Footer settings={settings} showTelephone={rules.showTelephone} />
      </div>
      <ErrorModalHost />
    </div>
  );
};
