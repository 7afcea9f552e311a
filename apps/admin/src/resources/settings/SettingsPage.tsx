import { SITE_SETTINGS_ID } from '@lianmeng/core';
import { Edit, required, SimpleForm, TextInput } from 'react-admin';
import { FormToolbar } from '../../components/FormToolbar';
import { LogoUpload } from './LogoUpload';

const httpLink = (value: unknown) =>
  typeof value === 'string' && value !== '' && !/^https?:\/\//i.test(value) ? '应为 http(s) 开头的网址' : undefined;

/** The site settings are one record: the portal shows a change on its next load. */
export const SettingsPage = () => (
  <Edit resource="settings" id={SITE_SETTINGS_ID} title="站点设置" redirect={false} mutationMode="pessimistic">
    <SimpleForm toolbar={<FormToolbar />}>
      <TextInput source="hotline" label="服务热线" validate={required('请填写服务热线')} />
      <TextInput source="copyright" label="版权信息" validate={required('请填写版权信息')} fullWidth />
      <TextInput source="icpNumber" label="ICP 备案号" fullWidth />
      <TextInput source="icpLink" label="ICP 备案查询链接" validate={httpLink} fullWidth />
      <TextInput source="publicSecurityNumber" label="公安备案号" fullWidth />
      <TextInput source="publicSecurityLink" label="公安备案查询链接" validate={httpLink} fullWidth />
      <TextInput source="sponsor" label="主办单位" validate={required('请填写主办单位')} fullWidth />
      <TextInput
        source="certificationUrl"
        label="测评认证服务地址"
        helperText="门户菜单“测评认证”在新窗口打开的网址"
        validate={[required('请填写测评认证服务地址'), httpLink]}
        fullWidth
      />
      <LogoUpload />
    </SimpleForm>
  </Edit>
);

export default SettingsPage;
