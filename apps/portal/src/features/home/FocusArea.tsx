import { FOCUS_AREA } from '@lianmeng/core';
import { type FocusEvent, useId } from 'react';
import { Link } from 'react-router-dom';
import { ArticleList } from '../../shared/articles/ArticleList';
import { formatDate } from '../../shared/dates';
import { type FocusItem, SMALL_MEDIA } from './focusSlides';
import { useRotation } from './useRotation';

/** The box a cover of unknown size is drawn in, the demo covers' own proportion. */
const DEFAULT_SIZE = { width: 480, height: 270 };
const Icon = ({ path }: { path: string }) => (
  <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
    <path d={path} fill="currentColor" />
  </svg>
);
const PREVIOUS = 'M15.4 5.4 14 4l-8 8 8 8 1.4-1.4L8.8 12z';
const NEXT = 'M8.6 5.4 10 4l8 8-8 8-1.4-1.4 6.6-6.6z';
const PAUSE = 'M7 5h3.5v14H7zm6.5 0H17v14h-3.5z';
const PLAY = 'M8 5v14l11-7z';

const Slide = ({
  item,
  position,
  count,
  active,
}: {
  item: FocusItem;
  position: number;
  count: number;
  active: boolean;
}) => {
  const { article } = item;
  const width = article.coverWidth ?? DEFAULT_SIZE.width;
  const height = article.coverHeight ?? DEFAULT_SIZE.height;
  const first = position === 0;
  return (
    // biome-ignore lint/a11y/useSemanticElements: the carousel pattern's slide is a group; a fieldset is for form fields
    <div
      role="group"
      aria-roledescription="幻灯片"
      aria-label={`第 ${position + 1} 张，共 ${count} 张`}
      className={active ? 'focus-slide is-active' : 'focus-slide'}
      aria-hidden={!active}
      inert={!active}
      data-testid="focus-slide"
    >
      {/* Inert already takes a hidden slide out of the tab order; older browsers need the tabindex too. */}
      <Link to={item.href} tabIndex={active ? undefined : -1}>
        <picture className="focus-picture">
          {article.coverSmall && <source media={SMALL_MEDIA} srcSet={article.coverSmall} />}
          <img
            src={article.coverImage}
            alt={article.title}
            width={width}
            height={height}
            // The first picture is the page's largest element: asked for at once; the others wait their turn.
            loading={first ? 'eager' : 'lazy'}
            fetchPriority={first ? 'high' : undefined}
            // Decoded off the main thread may mean painted a frame later: not for the page's largest element.
            decoding={first ? undefined : 'async'}
          />
        </picture>
        <span className="focus-caption">
          <span className="focus-title">{article.title}</span>
          <time dateTime={article.publishTime}>{formatDate(article.publishTime)}</time>
        </span>
      </Link>
    </div>
  );
};

/**
 * The home page's focus area (焦点图): the newest articles with a cover, one at a time, turning by itself
 * every few seconds. The turning holds while a pointer is over the area or focus is inside it, stops for
 * good with the rotation button, and never starts for a visitor who asked for less motion. Without any
 * cover the same place lists the newest titles as text.
 */
export const FocusArea = ({ items, pictures }: { items: FocusItem[]; pictures: boolean }) => {
  const id = useId();
  const headingId = `${id}-title`;
  const slidesId = `${id}-slides`;
  const rotation = useRotation(pictures ? items.length : 0, FOCUS_AREA.intervalMs);
  if (items.length === 0) return null;

  if (!pictures) {
    return (
      <section className="panel focus-area focus-area-text" aria-labelledby={headingId} data-testid="focus-area">
        <div className="panel-head">
          <h2 id={headingId} className="panel-title">
            要闻
          </h2>
        </div>
        <ArticleList articles={items.map((item) => item.article)} />
      </section>
    );
  }

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) rotation.setFocused(false);
  };
  const count = items.length;
  return (
    <section
      className="panel focus-area"
      aria-roledescription="轮播"
      aria-labelledby={headingId}
      data-testid="focus-area"
      data-running={rotation.running}
      onMouseEnter={() => rotation.setHovered(true)}
      onMouseLeave={() => rotation.setHovered(false)}
      onFocus={() => rotation.setFocused(true)}
      onBlur={onBlur}
    >
      <h2 id={headingId} className="visually-hidden">
        焦点图
      </h2>
      <div className="focus-stage">
        {rotation.canRotate && (
          <button
            type="button"
            className="focus-button focus-rotation"
            aria-label={rotation.playing ? '停止自动播放' : '开始自动播放'}
            onClick={rotation.toggle}
          >
            <Icon path={rotation.playing ? PAUSE : PLAY} />
          </button>
        )}
        <div id={slidesId} className="focus-slides" aria-live={rotation.running ? 'off' : 'polite'}>
          {items.map((item, position) => (
            <Slide
              key={item.article.id}
              item={item}
              position={position}
              count={count}
              active={position === rotation.index}
            />
          ))}
        </div>
        {count > 1 && (
          <div className="focus-arrows">
            <button
              type="button"
              className="focus-button"
              aria-label="上一张"
              aria-controls={slidesId}
              onClick={() => rotation.goTo(rotation.index - 1)}
            >
              <Icon path={PREVIOUS} />
            </button>
            <button
              type="button"
              className="focus-button"
              aria-label="下一张"
              aria-controls={slidesId}
              onClick={() => rotation.goTo(rotation.index + 1)}
            >
              <Icon path={NEXT} />
            </button>
          </div>
        )}
      </div>
      {count > 1 && (
        // biome-ignore lint/a11y/useSemanticElements: a fieldset's legend and border do not fit a row of picker dots
        <div className="focus-dots" role="group" aria-label="选择幻灯片">
          {items.map((item, position) => (
            <button
              key={item.article.id}
              type="button"
              className="focus-dot"
              aria-label={`第 ${position + 1} 张：${item.article.title}`}
              aria-controls={slidesId}
              aria-current={position === rotation.index ? 'true' : undefined}
              onClick={() => rotation.goTo(position)}
            />
          ))}
        </div>
      )}
    </section>
  );
};
