/** A light placeholder while a page or its data loads (no antd: it is on every first visit). */
export const PageSkeleton = ({ rows = 6 }: { rows?: number }) => (
  <div className="skeleton" role="status" aria-live="polite" data-testid="skeleton">
    <span className="visually-hidden">正在加载…</span>
    <div className="skeleton-line skeleton-title" />
    {Array.from({ length: rows }, (_, index) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
      <div key={index} className="skeleton-line" />
    ))}
  </div>
);

export const EmptyState = ({ text = '暂无内容' }: { text?: string }) => (
  <div className="empty-state" data-testid="empty-state">
    <p>{text}</p>
  </div>
);
