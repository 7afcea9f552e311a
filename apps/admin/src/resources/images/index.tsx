import { IMAGE_SORT, IMAGE_SORT_NAMES, type ImageSortId } from '@lianmeng/core';
import PartnerIcon from '@mui/icons-material/Handshake';
import BannerIcon from '@mui/icons-material/ViewCarousel';
import {
  BooleanField,
  Create,
  DateField,
  Edit,
  ImageField,
  Show,
  SimpleShowLayout,
  TextField,
  UrlField,
} from 'react-admin';
import { ImageForm } from './ImageForm';
import { ImageList } from './ImageList';

const ImageShow = () => (
  <Show>
    <SimpleShowLayout>
      <TextField source="photoTitle" label="标题" />
      <ImageField source="photoAddress" label="图片" />
      <UrlField source="urlAddress" label="链接" />
      <BooleanField source="isOpen" label="开放" looseValue />
      <DateField source="createTime" label="创建时间" showTime locales="zh-CN" />
      <DateField source="updateTime" label="更新时间" showTime locales="zh-CN" />
    </SimpleShowLayout>
  </Show>
);

/** The views of one image sort: each sort is a resource of its own, with the same screens. */
const viewsFor = (sort: ImageSortId) => ({
  list: () => <ImageList sort={sort} />,
  create: () => (
    <Create title={`新建${IMAGE_SORT_NAMES[sort]}`} redirect="list">
      <ImageForm sort={sort} />
    </Create>
  ),
  edit: () => (
    <Edit title={`编辑${IMAGE_SORT_NAMES[sort]}`} redirect="list" mutationMode="pessimistic">
      <ImageForm sort={sort} />
    </Edit>
  ),
  show: ImageShow,
});

export const banners = {
  ...viewsFor(IMAGE_SORT.banner),
  icon: BannerIcon,
  options: { label: IMAGE_SORT_NAMES[IMAGE_SORT.banner] },
  recordRepresentation: 'photoTitle',
};

export const partners = {
  ...viewsFor(IMAGE_SORT.partner),
  icon: PartnerIcon,
  options: { label: IMAGE_SORT_NAMES[IMAGE_SORT.partner] },
  recordRepresentation: 'photoTitle',
};
