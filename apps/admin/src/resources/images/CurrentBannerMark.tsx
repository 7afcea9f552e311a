import { IMAGE_LIST_PAGE_SIZE } from '@lianmeng/core';
import { Chip } from '@mui/material';
import { useGetList, useRecordContext } from 'react-admin';
import { isShowing, type Windowed } from './showingWindow';

/**
 * The banner the portal shows now: the first open one, in display order, whose showing window holds the
 * present moment (the console's list also holds open banners that have not started or have ended).
 */
export const useShownBannerId = (enabled: boolean) => {
  const { data } = useGetList<Windowed & { id: number }>(
    'banners',
    {
      pagination: { page: 1, perPage: IMAGE_LIST_PAGE_SIZE },
      filter: { isOpen: 1 },
      sort: { field: 'displayOrder', order: 'ASC' },
    },
    { enabled },
  );
  const now = new Date();
  return data?.find((banner) => isShowing(banner, now))?.id;
};

export const CurrentBannerMark = ({ shownId }: { shownId: number | string | undefined }) => {
  const record = useRecordContext();
  if (!record || record.id !== shownId) return null;
  return <Chip size="small" color="success" label="前台展示中" />;
};
