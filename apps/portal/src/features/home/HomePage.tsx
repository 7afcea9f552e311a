import { usePageTitle } from '../../shared/usePageTitle';
import { HomeSection } from './HomeSection';
import { HOME_SECTIONS } from './homeSections';

/** /index: the latest news and announcements, education, match and exchange highlights. */
const HomePage = () => {
  usePageTitle('首页');
  return (
    <div className="home">
      <h1 className="visually-hidden">首页</h1>
      <div className="home-grid">
        {HOME_SECTIONS.map((section) => (
          <HomeSection key={section.typeId} typeId={section.typeId} area={section.area} />
        ))}
      </div>
    </div>
  );
};

export default HomePage;
