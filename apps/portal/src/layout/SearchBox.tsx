import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';

/** A GET form to /search: it works before (and without) the script; with it, the page changes in place. */
export const SearchBox = () => {
  const [params] = useSearchParams();
  const [keyword, setKeyword] = useState(params.get('keyword') ?? '');
  const navigate = useNavigate();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = keyword.trim();
    if (text) navigate(`/search?${new URLSearchParams({ keyword: text })}`);
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is too new for some browsers still in use (and jsdom)
    <form role="search" className="search-box" action="/search" method="get" onSubmit={submit}>
      <label htmlFor="site-search" className="visually-hidden">
        站内搜索
      </label>
      <input
        id="site-search"
        type="search"
        name="keyword"
        value={keyword}
        maxLength={50}
        placeholder="请输入关键词"
        onChange={(event) => setKeyword(event.target.value)}
      />
      <button type="submit">搜索</button>
    </form>
  );
};
