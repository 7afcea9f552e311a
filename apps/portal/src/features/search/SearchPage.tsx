import { DEFAULT_PAGE_SIZE } from '@lianmeng/core';
import { useLoaderData, useSearchParams } from 'react-router-dom';
import type { searchLoader } from '../../app/loaders';
import { ArticleList } from '../../shared/articles/ArticleList';
import { Pager } from '../../shared/articles/Pager';
import { Breadcrumb } from '../../shared/Breadcrumb';
import { EmptyState } from '../../shared/PageSkeleton';
import { usePageTitle } from '../../shared/usePageTitle';

/** /search?keyword=… — the articles call's keyword over every column. */
const SearchPage = () => {
  const [, setParams] = useSearchParams();
  const { keyword, page, results } = useLoaderData<typeof searchLoader>();
  usePageTitle(keyword ? `搜索：${keyword}` : '站内搜索');
  const data = results?.ok ? results.data : null;
  return (
    <div>
      <Breadcrumb items={[{ title: '站内搜索' }]} />
      <section className="panel" aria-labelledby="search-title">
        <h1 id="search-title" className="panel-title">
          {keyword ? `“${keyword}”的搜索结果` : '站内搜索'}
        </h1>
        {!keyword ? (
          <EmptyState text="请在页面顶部的搜索框中输入关键词" />
        ) : data && data.list.length > 0 ? (
          <>
            <p className="search-total">共找到 {data.total} 条结果</p>
            <ArticleList articles={data.list} withSummary />
            <Pager
              current={page}
              total={data.total}
              pageSize={DEFAULT_PAGE_SIZE}
              onChange={(next) => setParams({ keyword, page: String(next) })}
            />
          </>
        ) : (
          <EmptyState text="没有找到相关内容，请换个关键词试试" />
        )}
      </section>
    </div>
  );
};

export default SearchPage;
