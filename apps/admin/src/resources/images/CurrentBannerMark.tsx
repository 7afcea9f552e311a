import { Chip } from '@mui/material';
import { useGetList, useRecordContext } from 'react-admin';

/** The banner the portal shows now: the newest open one (the server lists newest first). */
export const useShownBannerId = (enabled: boolean) => {
  const { data } = useGetList(
    'banners',
    { pagination: { page: 1, perPage: 1 }, filter: { isOpen: 1 }, sort: { field: 'createTime', order: 'DESC' } },
    { enabled },
  );
  return data?.[0]?.id;
};

export const CurrentBannerMark = ({ shownId }: { shownId: number | string | undefined }) => {
  const record = useRecordContext();
  if (!record || record.id !== shownId) return null;
  return <Chip size="small" color="success" label="前台展示中" />;
};
