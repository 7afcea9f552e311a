import { IMAGE_SORT, type ImageSortId, isHttpUrl, isUploadPath, TEXT_LIMITS } from '@lianmeng/core';
import { BooleanInput, maxLength, required, SimpleForm, TextInput } from 'react-admin';
import { FormToolbar } from '../../components/FormToolbar';
import { BannerPreview } from './BannerPreview';
import { ImageUpload } from './ImageUpload';
import { fromBeijingInput, toBeijingInput } from './showingWindow';

const imageAddress = (value: unknown) =>
  typeof value === 'string' && value !== '' && !isUploadPath(value) && !isHttpUrl(value)
    ? '应为上传后的图片地址或 http(s) 开头的网址'
    : undefined;
const linkAddress = (value: unknown) =>
  typeof value === 'string' && value !== '' && !isHttpUrl(value) ? '应为 http(s) 开头的网址' : undefined;

const endsAfterStart = (value: unknown, values: { showFrom?: string | null }) =>
  typeof value === 'string' && values.showFrom && Date.parse(value) <= Date.parse(values.showFrom)
    ? '结束时间应晚于开始时间'
    : undefined;

/** isOpen travels as 0/1; the switch works with true/false. */
const toSwitch = (value: unknown) => value === 1 || value === true;
const fromSwitch = (value: unknown) => (value ? 1 : 0);

/** Create and edit share one form; the server's field errors come back on it. */
export const ImageForm = ({ sort }: { sort: ImageSortId }) => (
  <SimpleForm
    defaultValues={{ isOpen: 0, urlAddress: '', smallPhotoAddress: '', showFrom: null, showUntil: null }}
    // Saving waits for the server (so its field errors land on the form); deleting stays undoable.
    toolbar={<FormToolbar deleteMode="undoable" />}
  >
    <TextInput
      source="photoTitle"
      label="标题"
      validate={[required('请填写标题'), maxLength(TEXT_LIMITS.photoTitle)]}
      fullWidth
    />
    <ImageUpload sort={sort} />
    <TextInput
      source="photoAddress"
      label="图片地址（上传后自动填写，也可填 http(s) 网址）"
      validate={[required('请上传图片或填写图片地址'), imageAddress]}
      fullWidth
    />
    {sort === IMAGE_SORT.banner ? <BannerPreview /> : null}
    <TextInput source="smallPhotoAddress" label="小图地址" validate={imageAddress} fullWidth />
    <TextInput
      source="urlAddress"
      label="链接地址"
      validate={linkAddress}
      fullWidth
      helperText="点击图片后打开的网址，以 http:// 或 https:// 开头"
    />
    <BooleanInput source="isOpen" label="开放" format={toSwitch} parse={fromSwitch} />
    <TextInput
      source="showFrom"
      label="开始展示（北京时间）"
      type="datetime-local"
      format={toBeijingInput}
      parse={fromBeijingInput}
      helperText="留空：开放后立即展示"
      slotProps={{ inputLabel: { shrink: true } }}
    />
    <TextInput
      source="showUntil"
      label="结束展示（北京时间）"
      type="datetime-local"
      format={toBeijingInput}
      parse={fromBeijingInput}
      validate={endsAfterStart}
      helperText="留空：一直展示到关闭"
      slotProps={{ inputLabel: { shrink: true } }}
    />
  </SimpleForm>
);
