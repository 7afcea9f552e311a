import { COLUMN_BY_KEY } from '@lianmeng/core';
import { useLoaderData } from 'react-router-dom';
import type { educationIndexLoader } from '../../app/loaders';
import { ArticleDetailPage } from '../../shared/articles/ArticleDetailPage';
import { AREAS } from '../../shared/articles/areas';
import { ColumnListPage } from '../../shared/articles/ColumnListPage';
import { ColumnTabs } from '../../shared/articles/ColumnTabs';
import { Breadcrumb } from '../../shared/Breadcrumb';
import { usePageTitle } from '../../shared/usePageTitle';
import { HomeSection } from '../home/HomeSection';
import { EDUCATION_TYPE_IDS } from '../home/homeSections';

const { education, courses, textbooks, equipment } = COLUMN_BY_KEY;
const TABS = EDUCATION_TYPE_IDS;
const tabs = <ColumnTabs label="教育教学栏目" typeIds={TABS} />;

/** /education, /education/index: the latest of each education column. */
export const EducationIndexPage = () => {
  usePageTitle('教育教学');
  const { sections } = useLoaderData<typeof educationIndexLoader>();
  return (
    <div>
      <Breadcrumb items={[{ title: '教育教学' }]} />
      {tabs}
      <h1 className="visually-hidden">教育教学</h1>
      <div className="home-grid">
        {TABS.map((typeId) => (
          <HomeSection
            key={typeId}
            typeId={typeId}
            area={AREAS.education}
            articles={sections.find((loaded) => loaded.typeId === typeId)?.articles}
          />
        ))}
      </div>
    </div>
  );
};

export const EducationListPage = () => (
  <ColumnListPage area={AREAS.education} defaultTypeId={education.typeId} nav={tabs} withSummary />
);
export const EducationCoursePage = () => (
  <ColumnListPage area={AREAS.education} defaultTypeId={courses.typeId} nav={tabs} withSummary />
);
export const EducationJcPage = () => (
  <ColumnListPage area={AREAS.education} defaultTypeId={textbooks.typeId} nav={tabs} />
);
export const EducationQcPage = () => (
  <ColumnListPage area={AREAS.education} defaultTypeId={equipment.typeId} nav={tabs} />
);
export const EducationDetailPage = () => <ArticleDetailPage area={AREAS.education} />;
