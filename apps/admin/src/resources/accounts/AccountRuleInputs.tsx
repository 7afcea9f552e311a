import type { Account } from '@lianmeng/core';
import { BooleanInput, SelectInput, useGetIdentity, useRecordContext } from 'react-admin';
import { accountFieldsOffered } from '../../providers/permissions';
import { ROLE_CHOICES } from './AccountList';

/**
 * The role and the disabled switch of an account, offered as the account rules (`@lianmeng/core/policy`) let
 * the signed-in administrator change them: on their own account neither, on an administrator's no role. The
 * server refuses the same changes.
 */
export const AccountRuleInputs = () => {
  const record = useRecordContext<Account>();
  const { identity } = useGetIdentity();
  const offered = record ? accountFieldsOffered(identity?.id, record) : { roles: [], disabled: false };
  const choices = ROLE_CHOICES.filter((choice) => offered.roles.includes(choice.id) || choice.id === record?.role);
  const own = record !== undefined && identity !== undefined && String(identity.id) === String(record.id);
  return (
    <>
      <SelectInput
        source="role"
        label="角色"
        choices={choices}
        disabled={offered.roles.length === 0}
        helperText={
          own
            ? '不能修改自己的角色'
            : offered.roles.length === 0
              ? '管理员账号的角色不能修改'
              : `可选：${choices.map((choice) => choice.name).join('、')}`
        }
      />
      <BooleanInput
        source="disabled"
        label="停用（停用后该账号立即退出登录）"
        disabled={!offered.disabled}
        helperText={offered.disabled ? undefined : '不能停用自己的账号'}
      />
    </>
  );
};
