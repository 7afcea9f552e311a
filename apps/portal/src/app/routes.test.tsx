import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setupPortalServer } from '../testing/portalServer';
import { renderApp } from '../testing/renderApp';

setupPortalServer();

/** [path, the page's heading, its document title] for every area and named subroute of the portal's menu. */
const ROUTES: [string, string | RegExp, string][] = [
  ['/index', '首页', '首页'],
  ['/news', /^新闻动态/, '新闻动态'],
  ['/news/list', /^新闻动态/, '新闻动态'],
  ['/news/list/2', /^通知公告/, '通知公告'],
  ['/news/list/2-1', /^通知公告/, '通知公告'],
  ['/news/list/6-3', /^政策文件/, '政策文件'],
  ['/news/detail/101', '新闻动态测试文章1', '新闻动态测试文章1'],
  ['/care', /^大家关怀/, '大家关怀'],
  ['/care/index', /^大家关怀/, '大家关怀'],
  ['/care/index/7-4', /^大家关怀/, '大家关怀'],
  ['/certification', '测评认证', '测评认证'],
  ['/education', '教育教学', '教育教学'],
  ['/education/index', '教育教学', '教育教学'],
  ['/education/index/9', '教育教学', '教育教学'],
  ['/education/course', /^课程体系/, '课程体系'],
  ['/education/course/10', /^课程体系/, '课程体系'],
  ['/education/list', /^教育教学/, '教育教学'],
  ['/education/list/9-0', /^教育教学/, '教育教学'],
  ['/education/detail', '教育教学测试文章1', '教育教学测试文章1'],
  ['/education/detail/902', '教育教学测试文章2', '教育教学测试文章2'],
  ['/education/jc', /^教材资源/, '教材资源'],
  ['/education/jc/11', /^教材资源/, '教材资源'],
  ['/education/qc', /^器材规范/, '器材规范'],
  ['/education/qc/12', /^器材规范/, '器材规范'],
  ['/match', '赛事活动', '赛事活动'],
  ['/match/notice', '赛事活动', '赛事活动'],
  ['/match/notice/13', '赛事活动', '赛事活动'],
  [
    '/match/event/7',
    '2027 年全国学校体育联盟机器人运动会（省级·常规类）',
    '2027 年全国学校体育联盟机器人运动会（省级·常规类）',
  ],
  ['/match/detail/1301', '赛事通知测试文章1', '赛事通知测试文章1'],
  ['/exchange', /^交流流程/, '交流流程'],
  ['/exchange/process', /^交流流程/, '交流流程'],
  ['/exchange/process/14', /^交流流程/, '交流流程'],
  ['/exchange/study', /^游学研学/, '游学研学'],
  ['/exchange/study/15', /^游学研学/, '游学研学'],
  ['/exchange/advance', /^交流进展/, '交流进展'],
  ['/exchange/advance/16', /^交流进展/, '交流进展'],
  ['/exchange/term', /^学期项目/, '学期项目'],
  ['/exchange/term/17', /^学期项目/, '学期项目'],
  ['/exchange/achievements', /^交流成果/, '交流成果'],
  ['/exchange/achievements/18', /^交流成果/, '交流成果'],
  ['/topic', /^专题·教育/, '专题·教育'],
  ['/topic/education/list', /^专题·教育/, '专题·教育'],
  ['/topic/education/list/19', /^专题·教育/, '专题·教育'],
  ['/topic/competition', /^专题·竞赛/, '专题·竞赛'],
  ['/topic/competition/20', /^专题·竞赛/, '专题·竞赛'],
  ['/topic/exchange', /^专题·交流/, '专题·交流'],
  ['/topic/exchange/21', /^专题·交流/, '专题·交流'],
  ['/special', /^专栏/, '专栏'],
  ['/special/22', /^专栏/, '专栏'],
  ['/alone', '联盟简介测试文章1', '联盟简介测试文章1'],
  ['/alone/4-1', '联盟章程测试文章1', '联盟章程测试文章1'],
  ['/alone/8', '联系我们测试文章1', '联系我们测试文章1'],
  ['/file', /^文件下载/, '文件下载'],
  ['/file/23', /^文件下载/, '文件下载'],
  ['/search?keyword=测试', '“测试”的搜索结果', '搜索：测试'],
  ['/verify', '学习成果证明查验', '证明查验'],
];

describe('every route of the portal', () => {
  it.each(ROUTES)('%s shows %s and names itself', async (path, heading, title) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(window.location.pathname).toBe(path.split('?')[0]);
    await waitFor(() => expect(document.title).toBe(`${title} - 全国学校体育联盟（机器人运动）`));
  });
});
