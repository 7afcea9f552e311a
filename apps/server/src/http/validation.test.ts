import { api } from '@lianmeng/core';
import { describe, expect, it } from 'vitest';
import { parseOrRefuse } from './validation';

const teamsParams = (() => {
  const schema = api.matchOrganiser.teams.params;
  if (!schema) throw new Error('the organiser’s team list takes path parameters');
  return schema;
})();

describe('a refused path or query parameter', () => {
  it('is named in Chinese with its key beside it, or by its own message when that names it already', () => {
    expect(() => parseOrRefuse(teamsParams, { eventId: '99999999999999999999' }, '路径参数')).toThrow(
      '路径参数有误：赛事编号（eventId）应为数字',
    );
    const query = api.matchOrganiser.teams.query;
    expect(() => parseOrRefuse(query ?? teamsParams, { state: 'lost' }, '查询参数')).toThrow('查询参数有误：状态有误');
  });
});
