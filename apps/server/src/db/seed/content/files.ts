import { csvFile, pdfFile, textFile } from './demoFiles';
import type { DemoColumn } from './types';

/** 文件下载: every item carries real files generated at seed time. */
export const files: DemoColumn = {
  key: 'files',
  source: '全国学校体育联盟机器人工作委员会',
  author: '校工委秘书处',
  articles: [
    {
      title: '会员学校入会申请表',
      summary: '申请加入联盟的学校请下载填写入会申请表，加盖公章后提交秘书处。',
      daysAgo: 6,
      time: '10:00',
      paragraphs: ['申请加入联盟的学校请下载附件中的入会申请表，如实填写后加盖学校公章，扫描提交秘书处。'],
      attachments: [
        {
          name: '会员学校入会申请表.csv',
          fileName: 'demo-membership-form.csv',
          content: csvFile([
            ['项目', '填写内容'],
            ['学校名称', ''],
            ['学校类型（小学/中学/职业院校/高等院校/国防院校）', ''],
            ['所在省市', ''],
            ['联系人', ''],
            ['联系电话', ''],
            ['电子邮箱', ''],
            ['开展机器人运动情况简述', ''],
          ]),
        },
        {
          name: '入会须知.txt',
          fileName: 'demo-membership-notes.txt',
          content: textFile([
            '入会须知',
            '',
            '一、认同联盟章程，自愿申请。',
            '二、如实填写申请表，加盖学校公章。',
            '三、秘书处在十个工作日内完成审核并通知结果。',
            '四、入会不收取任何费用。',
          ]),
        },
      ],
    },
    {
      title: '测评认证（一至七级）说明',
      summary: '测评认证各级别的内容、形式和合格标准说明，附英文版。',
      daysAgo: 15,
      time: '14:30',
      paragraphs: [
        '测评认证设一至七级，每级由笔试或口试和实践操作两部分组成，满分一百分，八十分及以上为合格。附件提供中文说明和英文版。',
      ],
      attachments: [
        {
          name: '测评认证说明.txt',
          fileName: 'demo-certification-guide.txt',
          content: textFile([
            '机器人运动测评认证说明',
            '',
            '级别：一至七级，由低到高逐级申请。',
            '形式：笔试或口试，加实践操作。',
            '合格标准：满分一百分，八十分及以上为合格。',
            '报名：测评认证服务由专门平台提供，请通过门户“测评认证”入口前往。',
          ]),
        },
        {
          name: 'Certification levels (English).pdf',
          fileName: 'demo-certification-levels.pdf',
          content: pdfFile('Robot Sports Certification', [
            'Levels 1 to 7, taken in order from the lowest.',
            'Each level has a written or oral part and a practical part.',
            'The pass mark is 80 out of 100.',
            'Registration and results are handled by the certification service.',
          ]),
        },
      ],
    },
    {
      title: '校园联赛参赛队报名汇总表',
      summary: '各级联赛报名使用的统一汇总表模板。',
      daysAgo: 20,
      time: '09:20',
      paragraphs: ['各级联赛报名请使用统一的汇总表模板，一行填写一支参赛队。'],
      attachments: [
        {
          name: '参赛队报名汇总表.csv',
          fileName: 'demo-team-entry.csv',
          content: csvFile([
            ['序号', '学校', '组别', '项目', '学生姓名', '指导教师', '联系电话'],
            ['1', '', '小学组', '轮式竞速', '', '', ''],
          ]),
        },
      ],
    },
    {
      title: '机器人运动安全读本（文字版）',
      summary: '安全读本的文字版，可供学校自行排版印刷。',
      daysAgo: 40,
      time: '15:10',
      paragraphs: ['《机器人运动安全读本》文字版，供学校自行排版印刷，用于课堂安全教育。'],
      attachments: [
        {
          name: '机器人运动安全读本.txt',
          fileName: 'demo-safety-reader.txt',
          content: textFile([
            '机器人运动安全读本',
            '',
            '1. 电池充电时要有人看管，鼓包、破损的电池不能使用。',
            '2. 工具用完放回原处，刀具、螺丝刀不对着人。',
            '3. 比赛场地内不奔跑、不打闹。',
            '4. 发现冒烟、异味，立即断电并报告老师。',
          ]),
        },
      ],
    },
    {
      title: '友好学校结对协议（范本）',
      summary: '友好学校结对协议范本，中英文对照。',
      daysAgo: 70,
      time: '11:00',
      paragraphs: ['友好学校结对协议范本，结对双方可根据实际情况修改后签署。附英文版。'],
      attachments: [
        {
          name: '友好学校结对协议（范本）.txt',
          fileName: 'demo-pairing-agreement.txt',
          content: textFile([
            '友好学校结对协议（范本）',
            '',
            '甲方：__________学校　　乙方：__________学校',
            '一、双方本着平等互利的原则结为友好学校。',
            '二、双方每学年至少开展两次交流活动。',
            '三、本协议有效期三年，期满可续签。',
          ]),
        },
        {
          name: 'Pairing agreement template (English).pdf',
          fileName: 'demo-pairing-agreement.pdf',
          content: pdfFile('Friendship School Pairing Agreement', [
            'School A: ____________    School B: ____________',
            '1. The two schools pair up as equal partners.',
            '2. They hold at least two exchange activities each school year.',
            '3. This agreement runs for three years and may be renewed.',
          ]),
        },
      ],
    },
    {
      title: '联盟年度工作要点',
      summary: '本年度联盟工作要点，涵盖教学、竞赛、交流、会员和测评认证五个方面。',
      daysAgo: 120,
      time: '16:00',
      paragraphs: ['本年度联盟工作要点全文见附件。'],
      attachments: [
        {
          name: '年度工作要点.txt',
          fileName: 'demo-annual-plan.txt',
          content: textFile([
            '联盟年度工作要点',
            '',
            '一、教育教学：完善课程体系，开展秋季师资培训。',
            '二、竞赛活动：落实“两类五级”办赛体系，规范赛事备案。',
            '三、交流活动：新增友好学校结对，推进研学日记项目。',
            '四、会员服务：完成会员信息年度核对。',
            '五、测评认证：建设第一批考点，规范测评流程。',
          ]),
        },
      ],
    },
  ],
};
