import type { DemoColumn } from './types';

const SECRETARIAT = '全国学校体育联盟机器人工作委员会';

/** The single articles under 关于联盟: one page each, with an English version where the real site has one. */
export const introduction: DemoColumn = {
  key: 'introduction',
  source: SECRETARIAT,
  author: '校工委秘书处',
  articles: [
    {
      title: '联盟简介',
      summary: '全国学校体育联盟（机器人运动）于二〇一三年经教育部批准成立，会员学校超过两万八千所。',
      daysAgo: 30,
      time: '09:00',
      paragraphs: [
        '全国学校体育联盟（机器人运动）于二〇一三年经教育部批准成立（教体艺司函〔2013〕37号），常设机构为全国学校体育联盟机器人工作委员会（简称校工委）。',
        '截至二〇一九年底，联盟会员学校超过两万八千所，涵盖小学、中学、职业院校、高等院校和国防院校。联盟设主席团，共十三个席位；理事会由五十家常务理事单位和二百家理事单位组成。',
        '联盟的工作领域包括机器人教育、计算机编程、机器人运动、国际交流英语和中国国际青少年机器人交流活动，并开展项目推广、教学改革、课题研究、师资培训、论坛展览和竞赛活动。',
      ],
      english: [
        'The National School Sports Alliance (Robot Sports) was approved by the Ministry of Education in 2013. Its standing body is the Robot Work Committee of the National School Sports Alliance.',
        'By the end of 2019 the alliance had more than 28,000 member schools: primary, secondary and vocational schools, universities and defence colleges. It has a presidium of 13 seats and a council of 50 executive council units and 200 council units.',
        'Its work covers robot education, computer programming, robot sports, English for international exchange and the China International Youth Robot Exchange, as well as project promotion, teaching reform, research, training, forums, exhibitions and competitions.',
      ],
    },
  ],
};

export const charter: DemoColumn = {
  key: 'charter',
  source: SECRETARIAT,
  author: '校工委秘书处',
  articles: [
    {
      title: '联盟章程',
      summary: '章程规定了联盟的宗旨、会员、组织机构和活动原则。',
      daysAgo: 60,
      time: '10:00',
      paragraphs: [
        '第一章　总则',
        '第一条　本联盟名称为全国学校体育联盟（机器人运动）。',
        '第二条　本联盟的宗旨是：面向全体学生，推动机器人运动在各级各类学校普及开展，促进学生全面发展。',
        '第二章　会员',
        '第三条　认同本章程、自愿申请的各级各类学校，经审核可成为会员学校。',
        '第四条　会员学校享有参加联盟活动、获得教学资源和提出建议的权利，履行遵守章程和维护联盟声誉的义务。',
        '第三章　组织机构',
        '第五条　本联盟设主席团和理事会。主席团共十三个席位；理事会由常务理事单位和理事单位组成。',
        '第六条　本联盟的常设机构为全国学校体育联盟机器人工作委员会，负责日常工作。',
        '第四章　活动原则',
        '第七条　本联盟的活动坚持公益为主、自愿参加，不以营利为目的。',
      ],
      english: [
        'Chapter 1, General provisions. The alliance promotes robot sports in schools of every kind and level, for all students and for their all-round development.',
        'Chapter 2, Members. Schools that accept this charter may join; members take part in activities, use shared teaching resources and uphold the alliance’s good name.',
        'Chapter 3, Organisation. The alliance has a presidium of 13 seats and a council; its standing body is the Robot Work Committee.',
        'Chapter 4, Principles. Activities are voluntary and serve the public good, not profit.',
      ],
    },
  ],
};

export const organisation: DemoColumn = {
  key: 'organisation',
  source: SECRETARIAT,
  author: '校工委秘书处',
  articles: [
    {
      title: '组织机构',
      summary: '联盟设主席团、理事会和校工委，校工委下设秘书处和五个工作部门。',
      daysAgo: 45,
      time: '09:30',
      paragraphs: [
        '主席团：共十三个席位，负责审议联盟的重大事项。',
        '理事会：由五十家常务理事单位和二百家理事单位组成。',
        '全国学校体育联盟机器人工作委员会（校工委）：联盟的常设机构，下设秘书处、教育教学部、竞赛部、国际交流部、会员服务部和测评认证部。',
      ],
      english: [
        'Presidium: 13 seats. Council: 50 executive council units and 200 council units. The Robot Work Committee runs the daily work through its secretariat and its departments for teaching, competitions, international exchange, membership and certification.',
      ],
    },
  ],
};

export const contact: DemoColumn = {
  key: 'contact',
  source: SECRETARIAT,
  author: '校工委秘书处',
  articles: [
    {
      title: '联系我们',
      summary: '秘书处咨询电话服务时间为工作日上午九点至下午五点，也可通过电子邮件联系。',
      daysAgo: 20,
      time: '09:00',
      paragraphs: [
        '全国学校体育联盟机器人工作委员会秘书处',
        '咨询电话：请见页面顶部的服务热线（工作日 9:00—17:00）',
        '电子邮箱：service@example.org.cn（两个工作日内回复）',
        '会员学校信息变更、活动报名和测评认证咨询，请注明学校名称和联系人。',
      ],
      english: [
        'Secretariat of the Robot Work Committee. Telephone: see the service hotline at the top of the page (working days, 9:00 to 17:00). Email: service@example.org.cn; we reply within two working days.',
      ],
    },
  ],
};
