import { useLoaderData } from 'react-router-dom';
import type { homeLoader } from '../../app/loaders';
import { usePageTitle } from '../../shared/usePageTitle';
import { FocusArea } from './FocusArea';
import { focusItemsFrom } from './focusSlides';
import { HomeSection } from './HomeSection';
import { HOME_SECTIONS } from './homeSections';

/** /index: the focus area, then the latest news and announcements, education, match and exchange highlights. */
const HomePage = () => {
  usePageTitle('首页');
  const { sections } = useLoaderData<typeof homeLoader>();
  // The focus area shows the newest of the lists the sections show: it makes no call of its own.
  const focus = focusItemsFrom(sections);
  return (
    <div className="home">
      <h1 className="visually-hidden">首页</h1>
      <div className="home-grid">
        <FocusArea items={focus.items} pictures={focus.pictures} />
        {HOME_SECTIONS.map((section) => (
          <HomeSection
            key={section.typeId}
            typeId={section.typeId}
            area={section.area}
            articles={sections.find((loaded) => loaded.typeId === section.typeId)?.articles}
          />
        ))}
      </div>
    </div>
  );
};

export default HomePage;
