import { usePageTitle } from '../../shared/usePageTitle';
import { FocusArea } from './FocusArea';
import { useFocusItems } from './focusSlides';
import { HomeSection } from './HomeSection';
import { HOME_SECTIONS } from './homeSections';

/** /index: the focus area, then the latest news and announcements, education, match and exchange highlights. */
const HomePage = () => {
  usePageTitle('首页');
  const focus = useFocusItems();
  return (
    <div className="home">
      <h1 className="visually-hidden">首页</h1>
      <div className="home-grid">
        <FocusArea items={focus.items} pictures={focus.pictures} />
        {HOME_SECTIONS.map((section) => (
          <HomeSection key={section.typeId} typeId={section.typeId} area={section.area} />
        ))}
      </div>
    </div>
  );
};

export default HomePage;
