import { api, type InstitutionPerson } from '@lianmeng/core';
import { Select } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { quietHttp } from '../../app/api';

const SEARCH_DELAY_MS = 300;
const PAGE_SIZE = 20;

/**
 * A holder of the institution's own people, found by name or card number through the people list (the server
 * answers only with the institution's people). The value is the card number.
 */
export const HolderSelect = ({
  id,
  value,
  onChange,
  status,
}: {
  id?: string;
  value?: string;
  /** The card number, and the person it was picked from (for a caller that lists the people it picked). */
  onChange?: (cardNo: string | undefined, person?: InstitutionPerson) => void;
  status?: 'error';
}) => {
  const [keyword, setKeyword] = useState('');
  const [people, setPeople] = useState<InstitutionPerson[]>([]);
  const [loading, setLoading] = useState(false);
  const [opened, setOpened] = useState(false);
  const chosen = useRef<InstitutionPerson | null>(null);

  useEffect(() => {
    if (!opened) return;
    let live = true;
    setLoading(true);
    // Typing waits for a pause before asking, so a name typed letter by letter is one question.
    const timer = window.setTimeout(
      () => {
        void quietHttp
          .call(api.institutionWorkbench.people, {
            query: { pageNum: 1, pageSize: PAGE_SIZE, keyword: keyword.trim() || undefined },
          })
          .then((result) => {
            if (!live) return;
            setLoading(false);
            setPeople(result.ok ? result.data.list : []);
          });
      },
      keyword ? SEARCH_DELAY_MS : 0,
    );
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [keyword, opened]);

  const shown =
    chosen.current && !people.some((person) => person.cardNo === chosen.current?.cardNo)
      ? [chosen.current, ...people]
      : people;
  return (
    <Select<string>
      id={id}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      allowClear
      value={value}
      status={status}
      placeholder="输入姓名或卡号搜索本机构人员"
      loading={loading}
      notFoundContent={loading ? '正在查找…' : '没有找到，请确认该学生已在本机构人员名单中'}
      onOpenChange={(open) => open && setOpened(true)}
      onChange={(cardNo) => {
        chosen.current = people.find((person) => person.cardNo === cardNo) ?? null;
        onChange?.(cardNo, chosen.current ?? undefined);
      }}
      options={shown.map((person) => ({
        value: person.cardNo,
        label: `${person.name}（${person.cardNo}）${person.grade ? ` ${person.grade}` : ''}`,
      }))}
    />
  );
};
