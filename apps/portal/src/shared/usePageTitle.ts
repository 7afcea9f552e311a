import { useEffect } from 'react';

export const SITE_NAME = '全国学校体育联盟（机器人运动）';

/** Every route names itself in the browser's title (GB/T 37668: page titles). */
export const usePageTitle = (title: string | null | undefined) => {
  useEffect(() => {
    document.title = title ? `${title} - ${SITE_NAME}` : SITE_NAME;
  }, [title]);
};
