import { COLUMN_BY_KEY } from '@lianmeng/core';
import { AREAS } from '../../shared/articles/areas';
import { usePageTitle } from '../../shared/usePageTitle';
import { HomeSection } from './HomeSection';

/** /index: the latest news and announcements, education, match and exchange highlights. */
const HomePage = () => {
  usePageTitle('首页');
  return (
    <div className="home">
      <h1 className="visually-hidden">首页</h1>
      <div className="home-grid">
        <HomeSection typeId={COLUMN_BY_KEY.news.typeId} area={AREAS.news} />
        <HomeSection typeId={COLUMN_BY_KEY.announcements.typeId} area={AREAS.news} />
        <HomeSection typeId={COLUMN_BY_KEY.education.typeId} area={AREAS.education} />
        <HomeSection typeId={COLUMN_BY_KEY.matchNotices.typeId} area={AREAS.match} />
        <HomeSection typeId={COLUMN_BY_KEY.exchangeAdvance.typeId} area={AREAS.exchange} />
        <HomeSection typeId={COLUMN_BY_KEY.exchangeAchievements.typeId} area={AREAS.exchange} />
      </div>
    </div>
  );
};

export default HomePage;
