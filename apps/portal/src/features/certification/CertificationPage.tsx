import { certificationAddress } from '../../layout/menu/menuItems';
import { useSiteSettings } from '../../layout/useSiteSettings';
import { Breadcrumb } from '../../shared/Breadcrumb';
import { usePageTitle } from '../../shared/usePageTitle';

/**
 * /certification: the evaluation service is another site (the `certificationUrl` setting); this page explains it
 * and links out.
 */
const CertificationPage = () => {
  usePageTitle('测评认证');
  const href = certificationAddress(useSiteSettings()?.certificationUrl);
  return (
    <div>
      <Breadcrumb items={[{ title: '测评认证' }]} />
      <section className="panel" aria-labelledby="certification-title">
        <h1 id="certification-title" className="panel-title">
          测评认证
        </h1>
        <div className="article-body">
          <p>
            机器人运动测评认证面向在校学生，分为一级至七级。每一级的测评由理论（笔试或口试）与实践操作两部分组成， 满分
            100 分，80 分及以上为通过。
          </p>
          <p>测评报名、考点查询与证书查验均在测评认证服务平台办理，该平台独立于本门户运行。</p>
        </div>
        <p>
          <a className="primary-link" href={href} target="_blank" rel="noopener noreferrer">
            前往测评认证服务平台
            <span className="visually-hidden">（在新窗口打开）</span>
          </a>
        </p>
      </section>
    </div>
  );
};

export default CertificationPage;
