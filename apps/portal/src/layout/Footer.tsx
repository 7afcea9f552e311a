import type { SiteSettings } from '@lianmeng/core';
import { safeHref } from '../shared/safeUrl';

const PoliceBadge = () => (
  <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false" className="police-badge">
    <path d="M10 1l7 3v5c0 4.5-3 8.3-7 10-4-1.7-7-5.5-7-10V4z" fill="#1d4f91" />
    <path d="M10 5l1.5 3 3.3.4-2.4 2.3.6 3.3L10 12.4 7 14l.6-3.3-2.4-2.3L8.5 8z" fill="#f5c518" />
  </svg>
);

/**
 * The footer public-sector sites carry: copyright, the ICP number linked to the filing system, the police number,
 * the sponsor.
 */
export const Footer = ({ settings, showTelephone }: { settings: SiteSettings | null; showTelephone: boolean }) => {
  const icpHref = safeHref(settings?.icpLink);
  const policeHref = safeHref(settings?.publicSecurityLink);
  return (
    <footer className="site-footer" data-testid="site-footer">
      <div className="site-width">
        {settings ? (
          <>
            <p>{settings.copyright}</p>
            <p>
              主办单位：{settings.sponsor}
              {showTelephone && (
                <span data-testid="footer-hotline">
                  <span className="footer-sep" aria-hidden="true">
                    |
                  </span>
                  服务热线：{settings.hotline}
                </span>
              )}
            </p>
            <p>
              {icpHref ? (
                <a href={icpHref} target="_blank" rel="noopener noreferrer">
                  {settings.icpNumber}
                </a>
              ) : (
                settings.icpNumber
              )}
              <span className="footer-sep" aria-hidden="true">
                |
              </span>
              <PoliceBadge />
              {policeHref ? (
                <a href={policeHref} target="_blank" rel="noopener noreferrer">
                  {settings.publicSecurityNumber}
                </a>
              ) : (
                settings.publicSecurityNumber
              )}
            </p>
          </>
        ) : (
          <p>全国学校体育联盟（机器人运动）</p>
        )}
      </div>
    </footer>
  );
};
